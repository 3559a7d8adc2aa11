/** The claim tracking figures (the letters model computes them; the pages show them). */
export type TrackingStats = {
  letters: number;
  mailed: number;
  claimed: number;
  paid: number;
  avgDaysToClaim: number | null;
  avgDaysToPayment: number | null;
};
