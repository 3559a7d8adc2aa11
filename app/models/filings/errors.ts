/** A filing request the rules refuse: the status to answer and the words to show. */
export class FilingError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
    readonly details: { fieldErrors?: Record<string, string>; missing?: { field?: string; documentType?: string; message: string }[] } = {},
  ) {
    super(message);
    this.name = "FilingError";
  }
}

export const FILING_MESSAGES = {
  notFound: "Filing not found",
  notEditable: "This filing was submitted and can no longer be changed",
  missing: "Some answers or documents are still missing",
  notYourBusiness: "Choose one of your businesses",
  businessRequired: "Choose the business this filing is about",
  inProgress: "This business already has a filing of this kind in progress",
  noReceipt: "Only a business holding this year's receipt can be transferred",
  alreadyClosed: "This business is already closed",
  feeUnpaid: "Pay the transfer fee before submitting",
  notWithdrawable: "Only a filing that is not yet decided can be withdrawn",
  notDecidable: "Only a submitted filing can be decided",
  messageRequired: "Write a message for the applicant",
  ownerTaken: "The business with this document number now has an owner: deny the application or ask for changes",
  buyerGone: "The buyer's account no longer exists: deny the transfer or ask for changes",
  applicantNotOwner: "The applicant no longer owns this business",
  invalidAnswers: "Some answers are not valid",
  unknownAnswer: "Unknown answer",
  notText: "Must be text",
} as const;
