import { useTranslation } from "react-i18next";
import { ALL_CITIES, TOWN_CITIES } from "~/lib/search-params";

/**
 * The city picker: 'All Businesses' clears the filter, Pembroke Park is the only city.
 * Nothing chosen yet shows the placeholder 'Filter by status' (as the spec words it).
 */
export function CitySelect({
  id,
  defaultValue,
  onValueChange,
  className = "",
}: {
  id: string;
  defaultValue: string;
  onValueChange?: (value: string) => void;
  className?: string;
}) {
  const { t } = useTranslation("search");
  return (
    <select
      id={id}
      name="city"
      defaultValue={defaultValue || ""}
      onChange={(event) => onValueChange?.(event.target.value)}
      className={
        className ||
        "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      }
    >
      <option value="" disabled>
        {t("citySelect.placeholder")}
      </option>
      <option value={ALL_CITIES}>{t("citySelect.all")}</option>
      {TOWN_CITIES.map((city) => (
        <option key={city} value={city}>
          {city}
        </option>
      ))}
    </select>
  );
}
