/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket nesting
 * (`metadata[businessId]=2`, `line_items[0][price_data][currency]=usd`, `expand[]=x`).
 * Numeric keys make arrays; `[]` appends.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function splitKey(key: string): string[] {
  const first = key.indexOf("[");
  if (first === -1) return [key];
  const parts = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(key.slice(first)))) parts.push(m[1]);
  return parts;
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  const params = new URLSearchParams(body);
  for (const [rawKey, value] of params) {
    const parts = splitKey(rawKey);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const nextIsIndex = !last && (parts[i + 1] === "" || /^\d+$/.test(parts[i + 1]));
      if (Array.isArray(node)) {
        const index = part === "" ? node.length : Number(part);
        if (last) node[index] = value;
        else {
          node[index] ??= nextIsIndex ? [] : {};
          node = node[index] as FormObject | FormValue[];
        }
      } else {
        if (last) node[part] = value;
        else {
          node[part] ??= nextIsIndex ? [] : {};
          node = node[part] as FormObject | FormValue[];
        }
      }
    }
  }
  return compact(root) as FormObject;
}

/** Sparse arrays (indices 0, 2) become dense. */
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function obj(value: FormValue | undefined): FormObject | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? value : undefined;
}

export function arr(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object") return Object.values(value);
  return typeof value === "string" ? [value] : [];
}

export function int(value: FormValue | undefined): number | undefined {
  const s = str(value);
  if (s === undefined || s === "" || !/^-?\d+$/.test(s)) return undefined;
  return Number(s);
}

export function bool(value: FormValue | undefined): boolean | undefined {
  const s = str(value);
  if (s === undefined) return undefined;
  return s === "true";
}

/** `metadata[...]` as a flat string map (empty string values delete keys, as at Stripe). */
export function metadataOf(value: FormValue | undefined, base: Record<string, string> = {}): Record<string, string> {
  const out = { ...base };
  const o = obj(value);
  if (!o) return out;
  for (const [k, v] of Object.entries(o)) {
    if (typeof v !== "string") continue;
    if (v === "") delete out[k];
    else out[k] = v;
  }
  return out;
}
