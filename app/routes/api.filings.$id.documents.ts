import type { ActionFunctionArgs } from "@remix-run/node";
import { writable } from "~/db/write-lock.server";
import { DOCUMENT_MESSAGES, FILING_DOCUMENT_MIME_TYPES, isDocumentType, MAX_FILING_DOCUMENT_BYTES } from "~/lib/filings/documents";
import { isEditable } from "~/lib/filings/kinds";
import { addDocument, FILING_MESSAGES, FilingError, getFilingRow } from "~/models/filings/filings.server";
import {
  discardUpload,
  drainRequestBody,
  parseUploadForm,
  UploadRejectedError,
  UploadTooLargeError,
  type StoredUpload,
} from "~/services/uploads.server";
import { apiError, assertMethod, requireApiId } from "~/utils/http";
import { answerFilingErrors, filingDocumentJson, requireApplicantFiling } from "~/utils/http/filings.server";
import { requireApiUser } from "~/utils/session.server";

const FILE_FIELD = "file";

/**
 * POST /api/filings/{id}/documents (multipart: documentType, file): 201, the stored document
 * (replacing one of the same type). The file's type is judged by its bytes: PDF, JPEG or PNG,
 * at most 10 MB (413 past it). 400 for another type or a document type the filing does not
 * take; 409 once the filing is submitted.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  return answerFilingErrors(async () => {
    // Cheap refusals first: no body is read and nothing is stored.
    try {
      const filing = requireApplicantFiling(user, id);
      if (!isEditable(filing.status)) throw new FilingError(409, FILING_MESSAGES.notEditable);
    } catch (error) {
      drainRequestBody(request);
      throw error;
    }

    let formData: FormData;
    let file: StoredUpload | null;
    try {
      ({ formData, file } = await parseUploadForm(request, {
        fileField: FILE_FIELD,
        maxFileBytes: MAX_FILING_DOCUMENT_BYTES,
        accept: FILING_DOCUMENT_MIME_TYPES,
        tooLargeMessage: DOCUMENT_MESSAGES.fileSize,
      }));
    } catch (error) {
      if (error instanceof UploadTooLargeError) return apiError(413, error.message, { [FILE_FIELD]: [error.message] });
      if (error instanceof UploadRejectedError) return apiError(400, error.message);
      throw error;
    }

    const documentType = formData.get("documentType");
    if (!isDocumentType(documentType) || !file) {
      await discardUpload(file);
      const [field, message] = !isDocumentType(documentType) ? ["documentType", DOCUMENT_MESSAGES.type] : [FILE_FIELD, DOCUMENT_MESSAGES.notAFile];
      return apiError(400, message, { [field]: [message] });
    }
    try {
      await writable(); // the upload took its time: the importer may hold the lock now
    } catch (error) {
      await discardUpload(file);
      throw error;
    }
    // addDocument re-checks the filing (it may have been submitted meanwhile) and keeps no file when it refuses.
    const filing = getFilingRow(id);
    if (!filing) {
      await discardUpload(file);
      throw new FilingError(404, FILING_MESSAGES.notFound);
    }
    const document = await addDocument(filing, documentType, file);
    return Response.json(filingDocumentJson(document), { status: 201 });
  });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
