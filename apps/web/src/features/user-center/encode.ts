// Spec section 5: the password-change calls send old, new and confirm base64-encoded (UTF-8 first, so
// non-ASCII survives; the server decodes with the same rule). A transport encoding, not protection.

export function encodePassword(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
