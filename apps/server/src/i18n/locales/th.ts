import type { Messages } from './en';

// TODO(translation helper): real th translations.
export const th: Messages = { ...(await import('./en')).en };
