import { describe, expect, it } from '@jest/globals';
import { CONVERSATION_MESSAGES, type ConversationResponse } from '@academy/contracts';
import { conversationKeys } from '../api/conversations';
import { renderPage, TEST_USERS, text } from '../testing';
import { ConversationDisclosure, ConversationThread, replyAuthor } from './conversation';

const thread: ConversationResponse = {
  replies: [
    { id: 'r1', authorId: 'u-s', authorName: 'Lerato Mokoena', authorRole: 'student', text: 'Why is the fieldset wrong?\n<b>really</b>', sentAt: '2026-11-24T08:00:00.000Z' },
    { id: 'r2', authorId: 'u-t', authorName: null, authorRole: 'teacher', text: 'Keep a legend.', sentAt: '2026-11-24T09:30:00.000Z' },
  ],
};
const render = (ui: React.ReactNode, data: [readonly unknown[], unknown][] = []) => renderPage(ui, { user: TEST_USERS.student, data });

describe('the conversation on a submission', () => {
  it('shows the replies in order with who wrote them and when, the text as text, then the reply box', () => {
    const html = render(<ConversationThread submissionId="s1" />, [[conversationKeys.replies('s1'), thread]]);
    const replies = [...html.matchAll(/<li[^>]*data-testid="reply"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]));
    expect(replies).toEqual([expect.stringMatching(/^Student · Lerato Mokoena , 24 Nov 2026, 08:00 Why is the fieldset wrong\? <b>really<\/b>$/), expect.stringMatching(/^Teacher · a deleted account , 24 Nov 2026, 09:30 Keep a legend\.$/)]);
    expect(html).toContain('<time dateTime="2026-11-24T08:00:00.000Z">');
    expect(html).not.toContain('<b>really</b>');
    expect(text(html)).toContain('Your reply');
    expect(text(html)).toContain('Send Reply');
  });

  it('says when there is no reply yet, and shows no reply box to a reader who may not answer', () => {
    const html = render(<ConversationThread submissionId="s1" canReply={false} />, [[conversationKeys.replies('s1'), { replies: [] }]]);
    expect(text(html)).toBe(CONVERSATION_MESSAGES.noReplies);
  });

  it('is closed at first and reads nothing: a button that says it opens the conversation', () => {
    const html = render(<ConversationDisclosure submissionId="s1" />, [[conversationKeys.replies('s1'), thread]]);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Conversation/);
    expect(text(html)).not.toContain('Keep a legend.');
    expect(text(render(<ConversationDisclosure submissionId="s1" defaultOpen />, [[conversationKeys.replies('s1'), thread]]))).toContain('Keep a legend.');
  });

  it('names the author with their role', () => {
    expect(replyAuthor({ authorRole: 'teacher', authorName: 'Tendai Moyo' })).toBe('Teacher · Tendai Moyo');
  });
});
