// A form-level error (one that belongs to no single field, e.g. wrong credentials), shown inline above
// the submit button because these forms call the API with toasts silenced.
import { Alert } from 'antd';

export function FormAlert({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} data-testid={testId} />;
}
