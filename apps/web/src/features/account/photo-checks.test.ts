import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo-checks';

describe('photoProblem', () => {
  it.each([
    [{ name: 'me.png', type: 'image/png', size: 10_000 }, null],
    [{ name: 'Foto perfil.JPG', type: 'image/jpeg', size: 250 * 1024 - 1 }, null],
    [{ name: 'صورة.jpeg', type: 'image/jpeg', size: 2048 }, null],
    [{ name: 'anim.gif', type: 'image/gif', size: 2048 }, null],
    [{ name: 'me.webp', type: 'image/webp', size: 2048 }, 'account.photo.wrongType'],
    [{ name: 'me.png.exe', type: 'image/png', size: 2048 }, 'account.photo.wrongType'],
    [{ name: 'me.png', type: 'image/png', size: 250 * 1024 }, 'account.photo.tooLarge'],
    [{ name: 'me.png', type: 'image/png', size: 0 }, 'account.photo.empty'],
    [{ name: 'me<script>.png', type: 'image/png', size: 2048 }, 'account.photo.badName'],
    [{ name: '../../etc.png', type: 'image/png', size: 2048 }, 'account.photo.badName'],
  ])('%o → %s', (file, expected) => {
    expect(photoProblem(file)).toBe(expected);
  });
});
