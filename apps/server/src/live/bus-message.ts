import { LIVE_CHANNELS, type LiveChannel, type LiveChannels } from './channels';

/** One message on the wire: the publishing instance's id, the channel, the payload. */
interface WireMessage {
  from: string;
  channel: LiveChannel;
  payload: unknown;
}

export function encodeMessage<C extends LiveChannel>(from: string, channel: C, payload: LiveChannels[C]): string {
  return JSON.stringify({ from, channel, payload } satisfies WireMessage);
}

const openings = new Map<string, string>();
const ownOpening = (id: string) => openings.get(id) ?? openings.set(id, `{"from":${JSON.stringify(id)},`).get(id)!;

export type Decoded = { kind: 'deliver'; from: string; channel: LiveChannel; payload: unknown } | { kind: 'own' } | { kind: 'unreadable' };

/**
 * A message read off the wire. The publishing instance delivered its own message locally when
 * it published it (bus.ts), so the echo it hears back is `own` and is not delivered again.
 */
export function decodeMessage(text: string, ownId: string): Decoded {
  // encodeMessage writes `from` first, so an echo is known by its opening, without parsing a
  // message this instance wrote itself (a busy fleet's inventory events: most of what it hears).
  if (text.startsWith(ownOpening(ownId))) return { kind: 'own' };
  let message: Partial<WireMessage>;
  try {
    message = JSON.parse(text) as Partial<WireMessage>;
  } catch {
    return { kind: 'unreadable' };
  }
  if (typeof message !== 'object' || message === null || typeof message.from !== 'string' || !LIVE_CHANNELS.includes(message.channel as LiveChannel) || !('payload' in message)) {
    return { kind: 'unreadable' };
  }
  if (message.from === ownId) return { kind: 'own' };
  return { kind: 'deliver', from: message.from, channel: message.channel!, payload: message.payload };
}
