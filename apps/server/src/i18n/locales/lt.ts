import type { Messages } from './en';

// TODO(translation helper): real lt translations.
export const lt: Messages = { ...(await import('./en')).en };
