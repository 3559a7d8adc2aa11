import js from "@eslint/js";
import globals from "globals";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**", "bench/**", "data/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  // Import boundaries (docs/architecture.md). Each boundary uses its own rule so that each can
  // have its own severity: a flat config replaces a rule's options, it does not merge them.
  {
    // (a) What ships is app/; what imitates Stripe is not. The app reaches the double only
    // through the Stripe SDK and STRIPE_API_URL.
    // no-restricted-imports reads the import's text (any spelling); import/no-restricted-paths
    // resolves the file, and also sees dynamic import().
    files: ["app/**"],
    plugins: { import: importPlugin },
    // The TypeScript resolver reads tsconfig.json, so `~/x` resolves to app/x as it does for tsc
    // and the compiler; rules that follow imports (no-restricted-paths, no-cycle) see every file.
    // import/extensions and import/parsers let the plugin read the imported TypeScript files too
    // (by default it follows .js files only, and no-cycle would see no edge).
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" }, node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } },
      "import/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      // No import loop in app/: a loop makes the order modules run in decide what is defined.
      // Type-only imports are not followed (they vanish at build time).
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app", from: "./stripe-double", message: "app/ never imports the Stripe double." },
            {
              // app/utils/ is request plumbing for the routes (docs/architecture.md); below the
              // routes only the process-wide settings, clock, fault points and cache are read.
              target: ["./app/models", "./app/lib", "./app/services", "./app/db", "./app/mail", "./app/components"],
              from: "./app/utils",
              except: ["./env.server.ts", "./clock.server.ts", "./fault-point.server.ts", "./cache.server.ts"],
              message: "app/utils/ is request plumbing for routes: put a domain rule in its model or in app/lib.",
            },
          ],
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)stripe-double(/|$)",
              message: "app/ never imports the Stripe double: reach it through the Stripe SDK and STRIPE_API_URL.",
            },
          ],
        },
      ],
    },
  },
  {
    // The double stands alone, like a package: it knows Stripe's API, not the app.
    files: ["stripe-double/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^~/|(^|/)app/", message: "The Stripe double does not import the app." }] },
      ],
    },
  },
  {
    // (b) Components run in the browser: no .server module, not even for a type (move shared
    // types to app/lib).
    files: ["app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.server(\\.[jt]sx?)?$|\\.server/",
              message: "Components never import a .server module: put shared types and pure code in app/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    // (c) Models take typed arguments and return data: they know nothing of HTTP (no routes, no
    // session, no HTTP helpers, no Request/Response/URLSearchParams, no json()/redirect()) and
    // open no database connection of their own.
    files: ["app/models/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "@remix-run/node", importNames: ["json", "redirect", "redirectDocument", "data"], message: "Models return data; routes build responses." },
            { name: "better-sqlite3", allowTypeImports: true, message: "Models use the one connection of app/db, not one of their own." },
          ],
          patterns: [
            { regex: "(^~/|^(\\.\\./)+|/app/)routes(/|$)", message: "Models never import routes." },
            { regex: "(^~/|^(\\.\\./)+|/app/)utils/session", message: "Models never import the session module: routes pass the user in." },
            {
              regex: "(^~/|^(\\.\\./)+|/app/)utils/(api|http)(\\.server|/|$)",
              message: "HTTP input and error responses belong to routes (app/utils/http); models throw domain errors.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Response", message: "Models return data or throw domain errors; routes map them to responses." },
        { name: "Request", message: "Models take typed arguments, not the request." },
        { name: "URLSearchParams", message: "Parse query strings in the route (app/utils/http), then pass typed values." },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.name=/^(json|redirect)$/]", message: "Models return data; routes build responses with json()/redirect()." },
        {
          selector: "TSTypeReference[typeName.name=/^(Request|Response|URLSearchParams)$/]",
          message: "Models take typed arguments and return data: no Request, Response or URLSearchParams types.",
        },
      ],
    },
  },
  {
    files: ["tests/**", "scripts/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
