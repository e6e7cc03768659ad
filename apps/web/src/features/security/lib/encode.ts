// Passwords travel base64-encoded (UTF-8 first), as every password call of the spec expects (section 5).
export function encodeSecret(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
