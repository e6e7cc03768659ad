import { describe, expect, it } from 'vitest';
import { type ChatMessage, chatMessageClass, chatTextProblem, mergeChatMessages } from './chat';

const msg = (id: string, sender = '5'): ChatMessage => ({
  id,
  chat_id: 'k',
  blade_user_id: sender,
  sender_type: 'user',
  sender_name: '',
  content: id,
  content_type: '1',
  create_time: '',
});

describe('chat rules', () => {
  it('checks text: not only whitespace, at most 400', () => {
    expect(chatTextProblem('  \n\t ')).toBe('empty');
    expect(chatTextProblem('')).toBe('empty');
    expect(chatTextProblem('a'.repeat(400))).toBeNull();
    expect(chatTextProblem('a'.repeat(401))).toBe('tooLong');
  });
  it('classes messages own, other and system', () => {
    expect(chatMessageClass(msg('1', '-1'), '5')).toBe('system');
    expect(chatMessageClass(msg('1', '5'), '5')).toBe('own');
    expect(chatMessageClass(msg('1', 'op-5'), '5')).toBe('other');
  });
  it('merges by id, oldest first', () => {
    expect(mergeChatMessages([msg('10'), msg('2')], [msg('9'), msg('10')]).map((m) => m.id)).toEqual([
      '2',
      '9',
      '10',
    ]);
  });
});
