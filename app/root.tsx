import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import { PreventFlashOnWrongTheme, Theme, ThemeProvider } from "remix-themes";
import { useChangeLanguage } from "remix-i18next/react";
import { AppShell } from "~/components/shell/app-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isStaff } from "~/lib/roles";
import { countFilingsWaiting } from "~/models/admin/filings-waiting.server";
import { I18nBootScript } from "~/components/i18n-boot";
import { languageAlternates } from "~/lib/language-links";
import type { Language } from "~/lib/languages";
import { getLanguage, languageCookie } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { getUser } from "~/utils/session.server";
import { getThemePreference } from "~/utils/theme.server";
import { getToast } from "~/utils/toast.server";
import { useNonce } from "~/utils/nonce";
import tailwind from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tailwind },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Florida Business Registry" },
  {
    name: "description",
    content:
      "Search Florida businesses, file documents and manage registrations in one place. Pay your Business Tax Receipt online.",
  },
];

/** Every page can show a field error or a toast: their namespace comes with "common". */
export const handle = { i18n: ["common", "validation"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, headers }, theme, language] = await Promise.all([
    getUser(request),
    getToast(request),
    getThemePreference(request),
    getLanguage(request),
  ]);
  // Staff only: what the staff navigation shows beside "Filings" (one indexed count).
  const staff = isStaff(user) ? { filingsWaiting: countFilingsWaiting() } : null;
  const url = new URL(request.url);
  const responseHeaders = new Headers(headers ?? undefined);
  // A link with ?lng= (an hreflang alternate, say) is a choice: the next pages keep it.
  if (url.searchParams.get("lng") === language) responseHeaders.append("Set-Cookie", await languageCookie.serialize(language));
  return data(
    { user, toast, theme, year: new Date().getFullYear(), staff, language, alternates: languageAlternates(url, publicOrigin(request)) },
    { headers: responseHeaders },
  );
}

/** Every submission may have flashed a toast (failed ones too): the root reads it each time. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data from anywhere in the tree (undefined when the root itself failed). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

function Document({
  children,
  theme,
  language,
  alternates,
}: {
  children: React.ReactNode;
  theme: "light" | "dark" | "system";
  language: Language;
  alternates: { hrefLang: string; href: string }[];
}) {
  const nonce = useNonce();
  useChangeLanguage(language);
  return (
    <html lang={language} className={theme === "system" ? "" : theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {alternates.map((link) => (
          <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />
        ))}
        {theme === "system" ? <PreventFlashOnWrongTheme ssrTheme={false} nonce={nonce} /> : null}
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <I18nBootScript nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const specified = data.theme === "system" ? null : data.theme === "dark" ? Theme.DARK : Theme.LIGHT;
  return (
    <ThemeProvider specifiedTheme={specified} themeAction="/resources/theme">
      <Document theme={data.theme} language={data.language} alternates={data.alternates}>
        <AppShell user={data.user} toast={data.toast} theme={data.theme} year={data.year}>
          <Outlet />
        </AppShell>
      </Document>
    </ThemeProvider>
  );
}

export function ErrorBoundary() {
  const data = useRootData();
  return (
    <ThemeProvider specifiedTheme={Theme.LIGHT} themeAction="/resources/theme">
      <Document theme={data?.theme ?? "light"} language={data?.language ?? "en"} alternates={data?.alternates ?? []}>
        <AppShell
          user={data?.user ?? null}
          toast={null}
          theme={data?.theme ?? "light"}
          year={data?.year ?? new Date().getFullYear()}
        >
          <GeneralErrorBoundary />
        </AppShell>
      </Document>
    </ThemeProvider>
  );
}
