/** The reset pages' copy, shared by the server and the browser. */
export const RESET_LINK_MINUTES = 60;
/** The one answer to every reset request. */
export const RESET_REQUESTED =
  "If an account matches what you entered, we have sent an email with a link to reset its password. The link works for one hour. Check your inbox and spam folder.";
export const RESET_LINK_INVALID = "This password reset link is invalid or has expired. Please ask for a new one.";
