/**
 * Who is asking, and over what: the client's address (for the sign-in lockout and the request
 * log line) and whether the request came over HTTPS (secure cookies, return URLs).
 *
 * The rule is express's `trust proxy` with proxy-addr, over TRUSTED_PROXIES (env.server.ts;
 * default loopback): the client address is the socket's, unless the socket is a trusted proxy;
 * then X-Forwarded-For is read from the right, and the first entry that is not itself a trusted
 * proxy is the client. Entries to its left were written by whoever sent the request, so a forged
 * first entry changes nothing. X-Forwarded-Proto is believed only from a trusted proxy.
 *
 * The server (server/app-server.ts) decides both from the socket and puts them in the request
 * context, since Remix hands loaders no socket. Outside the server (route tests, scripts) a
 * Request has no socket: it is read as if it came from this machine (127.0.0.1).
 */
import proxyaddr from "proxy-addr";
import { UNKNOWN_ADDRESS } from "~/models/login-attempt.server";
import { getEnv } from "~/utils/env.server";
import { currentRequest } from "~/utils/request-context.server";

export type Trust = (address: string, hop: number) => boolean;

const compiled = new WeakMap<string[], Trust>();

/** The trust function for TRUSTED_PROXIES (compiled once per settings). */
export function trustedProxies(list: string[] = getEnv().TRUSTED_PROXIES): Trust {
  let trust = compiled.get(list);
  if (!trust) compiled.set(list, (trust = proxyaddr.compile(list)));
  return trust;
}

/** An address as stored and logged: IPv4-mapped IPv6 as plain IPv4, lower case, at most 64 characters. */
function normalize(address: string | undefined): string {
  const value = (address ?? "").trim().toLowerCase().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
  return value && value.length <= 64 ? value : UNKNOWN_ADDRESS;
}

export type Client = { address: string; protocol: "http" | "https" };

/** The client's address and protocol for a request that reached this process from `socketAddress`. */
export function resolveClient(
  {
    socketAddress,
    encrypted = false,
    forwardedFor,
    forwardedProto,
  }: { socketAddress: string | undefined; encrypted?: boolean; forwardedFor?: string | null; forwardedProto?: string | null },
  trust: Trust = trustedProxies(),
): Client {
  const request = { headers: { "x-forwarded-for": forwardedFor ?? undefined }, socket: { remoteAddress: socketAddress } };
  const address = normalize(proxyaddr(request as never, trust));
  let protocol: Client["protocol"] = encrypted ? "https" : "http";
  // As express's req.protocol: the first X-Forwarded-Proto value, from a trusted proxy only.
  if (!encrypted && socketAddress && trust(socketAddress, 0) && forwardedProto) {
    protocol = forwardedProto.split(",")[0].trim().toLowerCase() === "https" ? "https" : "http";
  }
  return { address, protocol };
}

/** What a Request outside the server (no socket) is read as: one from this machine. */
function withoutSocket(request: Request): Client {
  const client = resolveClient({
    socketAddress: "127.0.0.1",
    forwardedFor: request.headers.get("X-Forwarded-For"),
    forwardedProto: request.headers.get("X-Forwarded-Proto"),
  });
  return new URL(request.url).protocol === "https:" ? { ...client, protocol: "https" } : client;
}

/** The client's address (see above), or UNKNOWN_ADDRESS when there is none to read. */
export function clientAddress(request: Request): string {
  return currentRequest()?.clientAddress ?? withoutSocket(request).address;
}

/** True when the request being answered came over HTTPS (directly, or through a trusted proxy). */
export function requestIsHttps(request?: Request): boolean {
  const protocol = currentRequest()?.protocol;
  if (protocol) return protocol === "https";
  return request ? withoutSocket(request).protocol === "https" : false;
}

/**
 * Whether cookies carry `Secure`: a production site whose APP_URL is https, or any request that
 * came over HTTPS (through a trusted proxy when APP_URL is not set, say).
 */
export function secureCookies(request?: Request): boolean {
  const env = getEnv();
  return (env.NODE_ENV === "production" && env.APP_URL.startsWith("https:")) || requestIsHttps(request);
}
