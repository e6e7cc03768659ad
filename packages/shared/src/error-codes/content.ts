// Error codes of content (news, notices, articles, the generic cgform calls) and of the chat service and
// support inbox, with their HTTP statuses; merged into ../error-codes.ts.
export const CONTENT_ERROR_STATUS = {
  /** No published item with that id (unpublished and unknown look the same). */
  CONTENT_NOT_FOUND: 404,
  CONTENT_CATEGORY_NOT_FOUND: 404,
  /** Another item of the kind (or another category) already has that code. */
  CONTENT_CODE_TAKEN: 409,
  /** A category cannot sit under itself or one of its own sections. */
  CONTENT_CATEGORY_CYCLE: 422,
  /** English is the fallback language: every item and category needs its English text. */
  CONTENT_ENGLISH_REQUIRED: 422,
  /** The cgform form id is not one of the published forms. */
  CGFORM_UNKNOWN_FORM: 404,
  /** A sort column that the form does not offer. */
  CGFORM_COLUMN_REFUSED: 400,
  /** A filter or parameter that the form does not offer. */
  CGFORM_FILTER_REFUSED: 400,
  /** No such conversation, or not one of the caller's. */
  CHAT_NOT_FOUND: 404,
  /** Spec section 5: whitespace only. */
  CHAT_TEXT_EMPTY: 422,
  CHAT_TEXT_TOO_LONG: 422,
  /** An image message must carry a chat image uploaded to this conversation by the sender. */
  CHAT_IMAGE_INVALID: 422,
  /** The conversation is closed for good (an order chat after the order ended). */
  CHAT_CLOSED: 409,
  /** The visitor session is unknown, expired or already joined to an account. */
  CHAT_VISITOR_INVALID: 401,
  /** The operator to assign does not exist, is disabled or has no support role. */
  SUPPORT_ASSIGNEE_INVALID: 422,
  SUPPORT_CANNED_NOT_FOUND: 404,
} as const;
