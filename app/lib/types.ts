/**
 * Public shapes that pages, components and the JSON API share. Types only: importing this
 * module brings no server code into the browser bundle.
 */
import type { User } from "~/db/schema";

/** The user as every page and endpoint may see it: never the password hash or Stripe customer. */
export type PublicUser = Omit<User, "passwordHash" | "stripeCustomerId">;
