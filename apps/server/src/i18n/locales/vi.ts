import type { Messages } from './en';

// TODO(translation helper): real vi translations.
export const vi: Messages = { ...(await import('./en')).en };
