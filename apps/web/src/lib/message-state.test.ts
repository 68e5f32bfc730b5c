import { describe, expect, it } from 'vitest';
import { messageStateOf } from './message-state';

describe('messageStateOf', () => {
  it('reads the message and its next steps', () => {
    const next = { kind: 'purchase', orderId: 'abc', reference: 'SBX261127-1234-56789' };
    expect(messageStateOf({ message: 'Thanks for your purchase. ', next })).toEqual({ message: 'Thanks for your purchase. ', next });
    expect(messageStateOf({ message: 'Support request sent.', next: { kind: 'support', email: 'a@example.com' } })).toEqual({
      message: 'Support request sent.',
      next: { kind: 'support', email: 'a@example.com' },
    });
  });

  it('keeps the message alone when it comes without next steps or with ones it does not know', () => {
    expect(messageStateOf({ message: 'Email sent to a@example.com' })).toEqual({ message: 'Email sent to a@example.com' });
    expect(messageStateOf({ message: 'Hi', next: { kind: 'purchase', orderId: '' } })).toEqual({ message: 'Hi' });
    expect(messageStateOf({ message: 'Hi', next: { kind: 'lottery' } })).toEqual({ message: 'Hi' });
  });

  it('answers an empty message for a state that is not one', () => {
    for (const state of [undefined, null, 'text', { message: 4 }, { next: { kind: 'support', email: 'a@example.com' } }]) {
      expect(messageStateOf(state)).toEqual({ message: '' });
    }
  });
});
