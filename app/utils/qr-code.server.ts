/**
 * A QR code as an SVG data: URL, drawn on the server so the page needs no script to show it
 * (the CSP's img-src allows data:). Used for the authenticator app's otpauth:// address.
 */
import QRCode from "qrcode";

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
