import type { Messages } from './en';

// TODO(translation helper): real tw translations.
export const tw: Messages = { ...(await import('./en')).en };
