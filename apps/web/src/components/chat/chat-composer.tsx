// The composer of a chat (spec sections 2, 5 and 9): a text area of at most 400 characters with a
// counter, Enter sends and Ctrl+Enter starts a new line, the send button is disabled while the text is
// empty and spins while sending, whitespace only is refused with "text cannot be empty", and an image
// button that takes images only and shows a tip when the upload fails. Optional extra controls (canned
// answers in the support inbox) sit in the toolbar.
import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { CHAT_TEXT_MAX, chatTextProblem } from '@coin/shared/chat';
import { Button, Input, Tooltip, Upload } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

export interface ChatComposerProps {
  onSend: (text: string) => Promise<void>;
  onImage: (file: File) => Promise<void>;
  disabled?: boolean;
  /** Text to put in the box (a canned answer); the parent bumps `insertKey` to apply it again. */
  insert?: { text: string; key: number };
  toolbar?: ReactNode;
}

/** Inserts a newline at the caret (Ctrl+Enter), returning the new text and caret position. */
export function withNewline(text: string, start: number, end: number): { text: string; caret: number } {
  const next = `${text.slice(0, start)}\n${text.slice(end)}`;
  return { text: next.slice(0, CHAT_TEXT_MAX), caret: Math.min(start + 1, CHAT_TEXT_MAX) };
}

export function ChatComposer({ onSend, onImage, disabled = false, insert, toolbar }: ChatComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const area = useRef<TextAreaRef>(null);
  const applied = useRef<number | undefined>(undefined);
  if (insert && applied.current !== insert.key) {
    applied.current = insert.key;
    setText(insert.text.slice(0, CHAT_TEXT_MAX));
  }

  const send = async () => {
    if (sending || disabled) return;
    const problem = chatTextProblem(text);
    if (problem === 'empty') {
      toast.warning(t('textEmpty'));
      return;
    }
    setSending(true);
    try {
      await onSend(text);
      setText('');
    } catch {
      // The error toast came from the request; the text stays for another try.
    } finally {
      setSending(false);
      area.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      const el = event.currentTarget;
      const next = withNewline(text, el.selectionStart, el.selectionEnd);
      setText(next.text);
      requestAnimationFrame(() => el.setSelectionRange(next.caret, next.caret));
      return;
    }
    if (event.shiftKey) return;
    event.preventDefault();
    void send();
  };

  const pick = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast.warning(t('imagesOnly'));
      return;
    }
    setUploading(true);
    try {
      await onImage(file);
    } catch {
      toast.error(t('imageFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="chat-composer" data-testid="chat-composer">
      <div className="chat-composer__toolbar">
        <Upload
          accept="image/*"
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Tooltip title={t('sendImage')}>
            <Button
              icon={<PictureOutlined />}
              loading={uploading}
              disabled={disabled}
              aria-label={t('sendImage')}
              data-testid="chat-image"
            />
          </Tooltip>
        </Upload>
        {toolbar}
      </div>
      <Input.TextArea
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={CHAT_TEXT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={t('placeholder')}
        disabled={disabled}
        aria-label={t('placeholder')}
        data-testid="chat-input"
      />
      <div className="chat-composer__actions">
        <span className="chat-composer__hint">{t('hint')}</span>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void send()}
          disabled={disabled || text === ''}
          loading={sending}
          data-testid="chat-send"
        >
          {t('send')}
        </Button>
      </div>
    </div>
  );
}
