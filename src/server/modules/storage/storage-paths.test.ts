import { describe, expect, it } from 'vitest';
import { accessProblem, baseName, MAX_NAME_BYTES, MAX_SEGMENT_BYTES, nameProblem, quotaOwner } from './storage-paths';

describe('nameProblem', () => {
  it.each([
    'users/u1/photo.png',
    'users/u1/profile/photo-512.webp',
    'league/2027 schedule (final).pdf',
    'users/u1/été/résumé.txt',
    'users/u1/emoji 😀.txt',
    'users/u1/.hidden',
    'users/u1/...',
    'users/u1/a%zz.txt', // a broken escape is a plain % in a name
    'users/u1/100%.txt',
    'a',
  ])('accepts %j', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['/users/u1/a.png', /starts or ends with a \//],
    ['users/u1/', /starts or ends with a \//],
    ['users//u1/a.png', /empty folder name/],
    ['users/u1/../u2/a.png', /\. or \.\./],
    ['../etc/passwd', /\. or \.\./],
    ['users/u1/./a.png', /\. or \.\./],
    ['users/u1/..', /\. or \.\./],
    ['users\\u1\\a.png', /backslash/],
    ['users/u1/a\u0000.png', /control character/],
    ['users/u1/line\nbreak.txt', /control character/],
    ['users/u1/del\u007f.txt', /control character/],
    ['users/u1/a#1.png', /#/],
    ['users/u1/bad\ud800.txt', /broken character/],
  ])('refuses %j', (name, why) => {
    expect(nameProblem(name)).toMatch(why);
  });

  it('refuses traversal hidden behind %-escapes, once or twice encoded', () => {
    expect(nameProblem('users/u1/%2e%2e/u2/a.png')).toMatch(/%-escapes.*\. or \.\./);
    expect(nameProblem('users/u1/%2e%2e%2fu2%2fa.png')).toMatch(/\. or \.\./);
    expect(nameProblem('users/u1/%252e%252e%252fx')).toMatch(/\. or \.\./);
    expect(nameProblem('users/u1/a%5cb.png')).toMatch(/backslash/);
    expect(nameProblem('users/u1/a%00.png')).toMatch(/control character/);
    // An escaped slash that makes an ordinary folder is only a strange name.
    expect(nameProblem('users/u1/a%2Fb.png')).toBeNull();
  });

  it('refuses look-alike dots and slashes that other programs fold to ../', () => {
    expect(nameProblem('users/u1/\uff0e\uff0e/u2/a.png')).toMatch(/\. or \.\./);
    expect(nameProblem('users/u1/\uff0e\uff0e\uff0fa.png')).toMatch(/\. or \.\./);
    expect(nameProblem('users/u1/a\uff3cb.png')).toMatch(/backslash/);
  });

  it('counts the length in UTF-8 bytes, whole and per folder', () => {
    const segment = (bytes: number) => 'a'.repeat(bytes);
    const nameOf = (total: number) =>
      Array.from({ length: Math.ceil(total / 101) }, () => segment(100))
        .join('/')
        .slice(0, total);
    expect(nameOf(MAX_NAME_BYTES)).toHaveLength(MAX_NAME_BYTES);
    expect(nameProblem(nameOf(MAX_NAME_BYTES))).toBeNull();
    expect(nameProblem(`${nameOf(MAX_NAME_BYTES - 1)}é`)).toMatch(/1001 bytes long/);
    expect(nameProblem(`users/${segment(MAX_SEGMENT_BYTES)}`)).toBeNull();
    expect(nameProblem(`users/${segment(MAX_SEGMENT_BYTES + 1)}`)).toMatch(/longer than 200 bytes/);
    // 100 two-byte letters are 200 bytes; one more is too many.
    expect(nameProblem(`users/${'é'.repeat(101)}`)).toMatch(/longer than 200 bytes/);
  });
});

describe('accessProblem', () => {
  const person = { userId: 'u1', isAdmin: false };
  const admin = { userId: 'adm', isAdmin: true };

  it('lets a person work in their own folder only', () => {
    expect(accessProblem(person, 'users/u1/a.png')).toBeNull();
    expect(accessProblem(person, 'users/u1/deep/er/a.png')).toBeNull();
    expect(accessProblem(person, 'users/u2/a.png')).toMatch(/your own folder, users\/u1\//);
    // A folder whose name starts like theirs is someone else's.
    expect(accessProblem(person, 'users/u10/a.png')).toMatch(/your own folder/);
    expect(accessProblem(person, 'users/u1')).toMatch(/your own folder/);
    expect(accessProblem(person, 'league/a.png')).toMatch(/your own folder/);
  });

  it('lets an admin work anywhere but the storage check folder', () => {
    expect(accessProblem(admin, 'users/u2/a.png')).toBeNull();
    expect(accessProblem(admin, 'league/a.png')).toBeNull();
    expect(accessProblem(admin, '_diag/probe-1')).toMatch(/kept for the app's own storage check/);
    expect(accessProblem(admin, '_diag')).toMatch(/kept/);
    expect(accessProblem(person, '_diag/x')).toMatch(/kept/);
  });
});

describe('quotaOwner and baseName', () => {
  it("counts a file against the person whose folder they put it in, and an admin's elsewhere against nobody", () => {
    expect(quotaOwner('u1', 'users/u1/a.png')).toBe('u1');
    expect(quotaOwner('adm', 'users/u1/a.png')).toBeNull();
    expect(quotaOwner('adm', 'league/a.png')).toBeNull();
  });

  it('names the file by the last part of its path', () => {
    expect(baseName('users/u1/photos/a.png')).toBe('a.png');
    expect(baseName('a.png')).toBe('a.png');
  });
});
