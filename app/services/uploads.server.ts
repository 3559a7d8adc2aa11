/**
 * Licence uploads that can't hurt anyone:
 * - the multipart body is streamed (Remix's parser + our own upload handler); bytes are counted
 *   as they arrive and the upload stops past the limit, so a 50 MB body is never held in memory;
 * - a Content-Length that is already too large is refused before reading anything;
 * - the type comes from the file's first bytes (JPEG, PNG, GIF magic numbers), never from its
 *   name or the browser's claim;
 * - files live outside public/ (UPLOADS_DIR) under random names and are deleted when the claim
 *   they came with fails.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { MAX_LICENSE_BYTES } from "~/lib/schemas/claim";
import { getEnv } from "~/utils/env.server";

/** Room for the text fields and multipart framing on top of the file itself. */
export const MAX_BODY_BYTES = MAX_LICENSE_BYTES + 64 * 1024;
const MAX_FIELD_BYTES = 1024;
const MAX_PARTS = 20;
/**
 * After refusing a body we keep reading (and discarding) up to this many bytes in the
 * background, so a browser that is still sending gets our answer instead of a reset
 * connection. Anything longer is cut off.
 */
const MAX_DRAIN_BYTES = 25 * 1024 * 1024;

/** The body (or the file in it) is over the limit: answer 413. */
export class UploadTooLargeError extends Error {
  readonly status = 413;
  constructor(message = "File size must be less than 5MB") {
    super(message);
    this.name = "UploadTooLargeError";
  }
}

/** The body is not a form we accept (not multipart, malformed, unexpected parts): answer 400. */
export class UploadRejectedError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

/** The uploads folder could not take the file (permissions, full disk): a 500, never the user's fault. */
export class UploadStorageError extends Error {
  readonly status = 500;
  constructor(cause: unknown) {
    super(`The uploaded file could not be stored: ${(cause as Error).message}`, { cause });
    this.name = "UploadStorageError";
  }
}

function isStorageError(error: unknown): error is NodeJS.ErrnoException {
  const e = error as NodeJS.ErrnoException | null;
  return Boolean(e && typeof e.code === "string" && typeof e.syscall === "string");
}

export type ImageKind = { mime: "image/jpeg" | "image/png" | "image/gif"; ext: "jpg" | "png" | "gif" };
/** What an upload may be: the licence's images, and a filing's documents (PDF too). */
export type FileKind = ImageKind | { mime: "application/pdf"; ext: "pdf" };
export type UploadMime = FileKind["mime"];
const IMAGE_MIMES: readonly UploadMime[] = ["image/jpeg", "image/png", "image/gif"];

const PDF_SIGNATURE: { kind: FileKind; bytes: number[] } = { kind: { mime: "application/pdf", ext: "pdf" }, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }; // %PDF-

const SIGNATURES: { kind: ImageKind; bytes: number[] }[] = [
  { kind: { mime: "image/jpeg", ext: "jpg" }, bytes: [0xff, 0xd8, 0xff] },
  { kind: { mime: "image/png", ext: "png" }, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: { mime: "image/gif", ext: "gif" }, bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { kind: { mime: "image/gif", ext: "gif" }, bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
];
const SNIFF_BYTES = 8;

/** The image type the bytes really are, from their magic number, or null. */
export function sniffImageType(head: Uint8Array): ImageKind | null {
  for (const { kind, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return kind;
  }
  return null;
}

/** The type the bytes really are among the accepted ones, from their magic number, or null. */
export function sniffFileType(head: Uint8Array, accept: readonly UploadMime[] = IMAGE_MIMES): FileKind | null {
  const { bytes } = PDF_SIGNATURE;
  const kind: FileKind | null = sniffImageType(head) ?? (head.length >= bytes.length && bytes.every((b, i) => head[i] === b) ? PDF_SIGNATURE.kind : null);
  return kind && accept.includes(kind.mime) ? kind : null;
}

const CONTENT_TYPES: Record<string, UploadMime> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", pdf: "application/pdf" };
const STORAGE_KEY = /^[a-f0-9]{32}\.(jpg|png|gif|pdf)$/;

/**
 * A file part as the upload handler saw it. It is a `File` so the shared zod schema can judge
 * it, but its content stays on disk: `size` is the real byte count and `type` the sniffed type
 * ('application/octet-stream' when the bytes are not a JPEG, PNG or GIF; such a file is not kept).
 */
export class StoredUpload extends File {
  readonly storageKey: string | null;
  readonly #size: number;
  constructor(name: string, type: string, size: number, storageKey: string | null) {
    super([], name, { type });
    this.#size = size;
    this.storageKey = storageKey;
  }
  override get size() {
    return this.#size;
  }
}

function uploadsDir() {
  return path.resolve(getEnv().UPLOADS_DIR);
}

/** Absolute path of a stored licence, or null when the key is not one we could have made. */
export function storedFilePath(storageKey: string | null | undefined): string | null {
  if (!storageKey || !STORAGE_KEY.test(storageKey)) return null;
  return path.join(uploadsDir(), storageKey);
}

export function storedFileContentType(storageKey: string): string {
  return CONTENT_TYPES[storageKey.split(".").pop() ?? ""] ?? "application/octet-stream";
}

/** Deletes a stored upload (a failed claim leaves no file behind). Never throws. */
export async function discardUpload(file: StoredUpload | string | null | undefined) {
  const key = typeof file === "string" ? file : file?.storageKey;
  const full = storedFilePath(key);
  if (full) await fs.promises.rm(full, { force: true }).catch(() => undefined);
}

/** Reads and discards what is left of a refused body, up to a cap, without holding it. */
function drainInBackground(reader: ReadableStreamDefaultReader<Uint8Array>, already: number) {
  void (async () => {
    let read = already;
    try {
      while (read <= MAX_DRAIN_BYTES) {
        const { done, value } = await reader.read();
        if (done) return;
        read += value.byteLength;
      }
      await reader.cancel();
    } catch {
      // The client went away: nothing left to drain.
    }
  })();
}

/** For a request answered without reading its body: drain it in the background (see above). */
export function drainRequestBody(request: Request) {
  if (request.body && !request.bodyUsed && !request.body.locked) drainInBackground(request.body.getReader(), 0);
}

/**
 * Wraps the request body so every byte is counted at the source: past `limit` the stream errors
 * with UploadTooLargeError. The reader stays ours, so a refused body can still be drained.
 */
function countedBody(body: ReadableStream<Uint8Array>, limit: number, tooLarge: string) {
  const reader = body.getReader();
  let total = 0;
  let failed = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (failed) return;
      const { done, value } = await reader.read();
      if (done) return controller.close();
      total += value.byteLength;
      if (total > limit) {
        failed = true;
        controller.error(new UploadTooLargeError(tooLarge));
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { stream, reader, bytesRead: () => total };
}

async function readTextPart(data: AsyncIterable<Uint8Array>, name: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > MAX_FIELD_BYTES) throw new UploadRejectedError(`The field ${name} is too long`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Streams one file part to a random name under UPLOADS_DIR, counting bytes and stopping past
 * `maxBytes`. Bytes that turn out not to be an image are counted (so the size rule still
 * applies) but not kept.
 */
async function writeFilePart(
  data: AsyncIterable<Uint8Array>,
  filename: string,
  maxBytes: number,
  inProgress: Map<string, fs.WriteStream>,
  limits: { accept: readonly UploadMime[]; tooLarge: string },
): Promise<StoredUpload | undefined> {
  const dir = uploadsDir();
  await fs.promises.mkdir(dir, { recursive: true });
  const key = crypto.randomBytes(16).toString("hex");
  const partial = path.join(dir, `${key}.part`);
  // Opened before streaming: a folder that cannot take the file fails here, as a server error.
  const handle = await fs.promises.open(partial, "wx", 0o600);
  const out = handle.createWriteStream();
  inProgress.set(partial, out);
  try {
    return await writeAndSniff(data, filename, maxBytes, partial, out, key, dir, limits);
  } finally {
    inProgress.delete(partial);
  }
}

/**
 * Removes a partial file once its stream is closed: a stream destroyed while its open is still
 * pending creates the file afterwards, so removing it before 'close' could leave it behind.
 */
async function discardPartial(partial: string, out: fs.WriteStream): Promise<void> {
  if (!out.closed) {
    const closed = once(out, "close");
    out.destroy();
    await closed;
  }
  await fs.promises.rm(partial, { force: true });
}

async function writeAndSniff(
  data: AsyncIterable<Uint8Array>,
  filename: string,
  maxBytes: number,
  partial: string,
  out: fs.WriteStream,
  key: string,
  dir: string,
  limits: { accept: readonly UploadMime[]; tooLarge: string },
): Promise<StoredUpload | undefined> {
  let size = 0;
  let head = Buffer.alloc(0);
  let kind: FileKind | null | undefined; // undefined: not enough bytes yet to tell
  // A disk that fills up mid-file: the stream's error, rethrown as a storage failure.
  let writeError: Error | undefined;
  out.on("error", (error) => (writeError ??= error));
  try {
    for await (const chunk of data) {
      if (writeError) throw writeError;
      size += chunk.byteLength;
      if (size > maxBytes) throw new UploadTooLargeError(limits.tooLarge);
      if (kind === undefined) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) kind = sniffFileType(head, limits.accept);
      }
      if (kind !== null && !out.write(chunk)) await once(out, "drain");
    }
    if (kind === undefined) kind = sniffFileType(head, limits.accept);
    out.end();
    if (!out.closed) await once(out, "close");
    if (writeError) throw writeError;
  } catch (error) {
    await discardPartial(partial, out);
    throw error;
  }
  if (!kind) {
    await fs.promises.rm(partial, { force: true });
    // An empty file input (no file chosen) is no file at all.
    if (size === 0 && filename === "") return undefined;
    return new StoredUpload(filename, "application/octet-stream", size, null);
  }
  const storageKey = `${key}.${kind.ext}`;
  await fs.promises.rename(partial, path.join(dir, storageKey));
  return new StoredUpload(filename, kind.mime, size, storageKey);
}

/**
 * Parses a multipart form whose only file may be `fileField`. Text fields come back as strings;
 * the file as a StoredUpload (already on disk when it is an image). Throws UploadTooLargeError
 * (413) or UploadRejectedError (400) and then leaves no file behind.
 */
export async function parseUploadForm(
  request: Request,
  {
    fileField,
    maxFileBytes = MAX_LICENSE_BYTES,
    accept = IMAGE_MIMES,
    tooLargeMessage,
  }: { fileField: string; maxFileBytes?: number; accept?: readonly UploadMime[]; tooLargeMessage?: string },
): Promise<{ formData: FormData; file: StoredUpload | null }> {
  const limits = { accept, tooLarge: tooLargeMessage ?? new UploadTooLargeError().message };
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(contentType) || !request.body) {
    throw new UploadRejectedError("Expected a multipart/form-data body");
  }
  const maxBody = maxFileBytes + (MAX_BODY_BYTES - MAX_LICENSE_BYTES);
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) {
    drainInBackground(request.body.getReader(), 0);
    throw new UploadTooLargeError(limits.tooLarge);
  }

  const counted = countedBody(request.body, maxBody, limits.tooLarge);
  const stored: StoredUpload[] = [];
  // Partial files still being written: the parser can fail (body over the limit) before the
  // handler writing a file has noticed, and the answer must not leave that file behind.
  const inProgress = new Map<string, fs.WriteStream>();
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data }) => {
    if (++parts > MAX_PARTS) throw new UploadRejectedError("Too many form fields");
    if (filename === undefined) return readTextPart(data, name);
    if (name !== fileField || stored.length > 0) throw new UploadRejectedError("Unexpected file in the form");
    const file = await writeFilePart(data, filename, maxFileBytes, inProgress, limits);
    if (file) stored.push(file);
    return file;
  };

  // Remix's parser takes the (Web) body of a Request; hand it the counted one.
  const counting = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted.stream,
    duplex: "half",
  } as RequestInit);
  try {
    const formData = await unstable_parseMultipartFormData(counting, handler);
    return { formData, file: stored[0] ?? null };
  } catch (error) {
    await Promise.all(stored.map(discardUpload));
    for (const [partial, out] of inProgress) await discardPartial(partial, out);
    if (error instanceof UploadTooLargeError) {
      drainInBackground(counted.reader, counted.bytesRead());
      throw error;
    }
    if (error instanceof UploadRejectedError) throw error;
    if (isStorageError(error)) {
      // Our disk, not the user's form: a server error (logged with the request id by the server).
      drainInBackground(counted.reader, counted.bytesRead());
      throw new UploadStorageError(error);
    }
    // The parser's own errors (malformed multipart, a body cut short).
    throw new UploadRejectedError("The form data could not be read");
  }
}
