/**
 * The filing as its pages receive it (the JSON of the model's FilingView): the fields the shared
 * views read. Components never import the .server model, so the shape is spelled out here.
 */
import type { DocumentType } from "~/lib/filings/documents";
import type { Answers, FilingKind, FilingStatus } from "~/lib/filings/kinds";

export type FilingDocumentData = { id: number; documentType: DocumentType; label: string; fileName: string; contentType: string; size: number; uploadedAt: string };

export type FilingData = {
  id: number;
  kind: FilingKind;
  status: FilingStatus;
  answers: Answers;
  documents: FilingDocumentData[];
  requiredDocuments: DocumentType[];
  history: { action: string; actor: string | null; message: string | null; at: string }[];
};
