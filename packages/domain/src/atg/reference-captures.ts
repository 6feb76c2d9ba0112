import { asciiBytes, ETX } from './frame';

/**
 * The computer-format frames printed in atg-protocol.md §1 and §3, byte for byte (spaces and
 * quotes removed): golden fixtures for tests and fake consoles. Their checksums are verified
 * in the reference; the tests check them again.
 */
export const REFERENCE_CAPTURES = {
  /** §1 worked example (public capture): tank overfill alarm on tank 2. */
  i10100: 'i10100 2312301342 020402 &&FB3B',
  /** §3 i201 (public capture). */
  i20100: 'i20100 2004100012 01 1 0002 07 44DB8000 44DAE000 45072000 420341ED 00000000 42831DB7 00000000 &&EF32',
  /** §3 i202 (public capture, trimmed to one delivery). */
  i20200: 'i20200 2104260001 01 1 01 2104230924 2104230933 0A 45902000 458F8000 00000000 4284095D 45AFD000 45AF0800 00000000 428428CA 42507788 4276515B &&E680',
  i20500: 'i20500 2311221015 01 00 02 02 05 03 &&FA14',
  i11100: 'i11100 2311221015 02 00 05 03 02 2311220931 01 00 04 00 01 2311220800 &&F4A8',
  i30100: 'i30100 2311221015 01 0000 02 0002 03 0003 &&F8F9',
  i60200: 'i60200 2311221015 01 "REGULAR UNLEADED    " 02 "DIESEL              " &&F333',
  i60400: 'i60400 2311221015 01 46180000 &&FA6A',
  i60700: 'i60700 2311221015 01 42C00000 02 42800000 &&F871',
  i50100: 'i50100 2311221015 2311221015 &&FA70',
  /** §3 s50100: the expected reply to a set (unverified). */
  s50100: 's50100 2311221030 2311221030 &&FA6C',
} as const;

/** A frame as printed in the reference (spaces and quotes are for reading, §3): SOH + text + ETX. */
export function referenceFrame(printed: string): Uint8Array {
  const text = printed.replace(/"([^"]*)"|\s+/g, (_all, quoted: string | undefined) => quoted ?? '');
  const body = asciiBytes(text);
  const frame = new Uint8Array(body.length + 2);
  frame[0] = 0x01;
  frame.set(body, 1);
  frame[frame.length - 1] = ETX;
  return frame;
}
