import { statusColour, type BadgeColour } from "~/lib/status";

const CLASSES: Record<BadgeColour, string> = {
  green: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100",
  red: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100",
  gray: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100",
};

export function StatusBadge({ status }: { status: string }) {
  const colour = statusColour(status);
  return (
    <span
      data-colour={colour}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${CLASSES[colour]}`}
    >
      {status}
    </span>
  );
}
