import { LANGUAGE_LOCALES, type Language } from "./languages";

/** The Business Tax Receipt fee, in integer cents: $100 + $5 per employee + $10 per vehicle. */
/** Every charge (BTR payments, renewals) is in US dollars. */
export const CURRENCY = "usd";

export const BASE_FEE_CENTS = 100_00;
export const PER_EMPLOYEE_CENTS = 5_00;
export const PER_VEHICLE_CENTS = 10_00;

export type FeeBreakdown = {
  baseCents: number;
  employees: number;
  employeeCents: number;
  vehicles: number;
  vehicleCents: number;
  totalCents: number;
};

/** Negative, missing or fractional counts never lower the fee or the tax: they count as 0 / whole units. */
export function wholeCount(n: number | null | undefined) {
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function computeFee(employeeCount: number | null | undefined, vehicleCount: number | null | undefined): FeeBreakdown {
  const employees = wholeCount(employeeCount);
  const vehicles = wholeCount(vehicleCount);
  const employeeCents = employees * PER_EMPLOYEE_CENTS;
  const vehicleCents = vehicles * PER_VEHICLE_CENTS;
  return {
    baseCents: BASE_FEE_CENTS,
    employees,
    employeeCents,
    vehicles,
    vehicleCents,
    totalCents: BASE_FEE_CENTS + employeeCents + vehicleCents,
  };
}

const usd = Object.fromEntries(
  Object.entries(LANGUAGE_LOCALES).map(([language, locale]) => [language, new Intl.NumberFormat(locale, { style: "currency", currency: "USD" })]),
) as Record<Language, Intl.NumberFormat>;

/** 12345 -> "$123.45" (the same in Spanish, as Florida writes dollars) */
export function formatCents(cents: number, language: Language = "en") {
  return usd[language].format(cents / 100);
}

/** 12345 -> "123.45" (for CSV files) */
export function centsToDecimal(cents: number) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The fee of a business from its declared counts: what a payment and a renewal both charge. */
export function feeFor(business: { employeeCount: number | null; vehicleCount: number | null }): FeeBreakdown {
  return computeFee(business.employeeCount, business.vehicleCount);
}
