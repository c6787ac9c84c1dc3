import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../shared/users/users.schemas';
import { writeCachedSession } from '../../../app/session/profile-cache';
import { FakeXhr, sentRequest } from '../../../test/fake-xhr';
import { json, memberProfile, preloadPages, renderApp, stubApi } from '../../../test/render-app';
import { setupUser } from '../../../test/user';
import type { PhotoCropperProps } from './photo-cropper';

// jsdom draws no pictures: the cropper reports a square at once, and the canvas step hands back a small WebP.
vi.mock('./photo-cropper', () => ({
  default: function StubCropper({ onArea }: PhotoCropperProps) {
    useEffect(() => onArea({ x: 0, y: 0, width: 600, height: 600 }), [onArea]);
    return <p>Cropper</p>;
  },
}));
vi.mock('./crop-photo', () => ({ cropToBlob: vi.fn(async () => new Blob([new Uint8Array(2048)], { type: 'image/webp' })) }));

const PHOTO_URL = '/api/storage/v0/b/cgsl-files/o/users%2Fu1%2Fprofile%2Fphoto-512.webp?alt=media&token=abc';

// The page, and what the photo card, its first dialog and its first toast load lazily.
preloadPages(
  () => import('./profile-page'),
  () => import('./photo-cropper'),
  () => import('../../../components/ui/modal-dialog'),
  () => import('../../../app/shell/app-toaster'),
);
beforeEach(() => {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let n = 0;
  Object.defineProperty(URL, 'createObjectURL', { value: () => `blob:preview-${++n}`, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true, writable: true });
});
afterEach(() => {
  act(() => toast.remove());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function setup(profile: Profile = memberProfile) {
  writeCachedSession({ profile, isAdmin: false });
  const fetchMock = stubApi(profile, {}, (url, init) => {
    if (url === '/api/me/notifications') return json({ bookingChanges: true, reminders: true });
    if (url === '/api/auth/get-session') return json({ session: { id: 's1' }, user: { id: profile.id, email: profile.email, emailVerified: true } });
    if (url === '/api/me/photo' && init?.method === 'DELETE') return json({ profile: { ...profile, photoURL: null } });
    return undefined;
  });
  const view = renderApp('/profile');
  return { fetchMock, view };
}

const photoFile = (type = 'image/jpeg', name = 'me.jpg') => new File([new Uint8Array(5000)], name, { type });

/**
 * The photo card (a section named by its heading). The photo's queries look inside it rather than the whole profile
 * page: the same roles and names, checked on a handful of elements.
 */
const photoCard = () => screen.findByRole('region', { name: 'Profile photo' });

/**
 * The cropper's Save button, once the cropper has measured its square: before that Save is disabled and a click
 * does nothing (the cropper loads lazily, and reports the square from an effect after it shows).
 */
async function readySave(card: HTMLElement) {
  expect(await within(card).findByText('Cropper')).toBeTruthy();
  const save = within(card).getByRole('button', { name: 'Save photo' });
  await waitFor(() => expect(save).toHaveProperty('disabled', false));
  return save;
}

/** Picks a file with the hidden file input, as the "Add a photo" button's dialog would. */
async function pickFile(container: HTMLElement, file: File) {
  await within(await photoCard()).findByRole('button', { name: 'Add a photo' });
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input.accept).toBe('image/jpeg,image/png,image/webp');
  fireEvent.change(input, { target: { files: [file] } });
}

/** The avatar in the top bar's Account button. */
const accountAvatar = () =>
  within(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' })).getByRole<HTMLImageElement>('presentation', { hidden: true });

describe('/profile: the photo', () => {
  it('uploads the cropped square with a progress bar; then the Account menu shows it', async () => {
    const user = setupUser();
    const { view } = setup();
    expect(accountAvatar().getAttribute('src')).toBe('/logo.svg');
    await pickFile(view.container, photoFile());
    const card = await photoCard();
    await user.click(await readySave(card));

    const xhr = await sentRequest(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/me/photo');
    const sent = xhr.body!.get('file') as File;
    expect([sent.type, sent.name, sent.size]).toEqual(['image/webp', 'photo.webp', 2048]);

    act(() => xhr.progress(1024, 2048));
    const bar = await within(card).findByRole('progressbar', { name: 'Sending your photo' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(within(card).getByRole('img', { name: 'Your new photo, being sent' }).getAttribute('src')).toMatch(/^blob:preview-/);

    act(() => xhr.respond(200, { profile: { ...memberProfile, photoURL: PHOTO_URL } }));
    expect(await screen.findByText('Your photo is saved. It shows in your account menu now.')).toBeTruthy();
    await waitFor(() => expect(accountAvatar().getAttribute('src')).toBe(PHOTO_URL));
    expect(within(card).getByRole('img', { name: 'Your profile photo' }).getAttribute('src')).toBe(PHOTO_URL);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Change photo' })).toBeTruthy();
  });

  it('cancels mid-upload: the request is aborted and the catalogue’s words are shown; the photo is unchanged', async () => {
    const user = setupUser();
    const { view } = setup();
    await pickFile(view.container, photoFile('image/png', 'me.png'));
    const card = await photoCard();
    await user.click(await readySave(card));
    const xhr = await sentRequest(1);
    act(() => xhr.progress(300, 2048));
    await user.click(await within(card).findByRole('button', { name: 'Cancel upload' }));
    expect(xhr.aborted).toBe(true);
    // On the page (a status, not an alarm: the person chose it), as well as in a toast.
    await waitFor(() => expect(screen.getAllByRole('status').some((el) => el.textContent === 'User canceled the upload/download.')).toBe(true));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(accountAvatar().getAttribute('src')).toBe('/logo.svg');
    expect(within(card).getByRole('img', { name: 'League logo (no photo yet)' })).toBeTruthy();
  });

  it('shows the server’s words when it refuses the picture', async () => {
    const user = setupUser();
    const { view } = setup();
    await pickFile(view.container, photoFile());
    const card = await photoCard();
    await user.click(await readySave(card));
    const xhr = await sentRequest(1);
    act(() =>
      xhr.respond(415, {
        error: {
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'This file is not a JPEG, PNG or WebP image. Choose a photo saved as JPEG, PNG or WebP and try again.',
        },
      }),
    );
    expect(
      (await screen.findAllByText('This file is not a JPEG, PNG or WebP image. Choose a photo saved as JPEG, PNG or WebP and try again.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('alert').textContent).toMatch(/not a JPEG, PNG or WebP image/);
    expect(FakeXhr.made).toHaveLength(1);
  });

  it('refuses a file that is not a JPEG, PNG or WebP before sending anything', async () => {
    const { view } = setup();
    await pickFile(view.container, photoFile('image/gif', 'me.gif'));
    expect(await screen.findByText('This file is not a JPEG, PNG or WebP picture. Choose a photo saved as one of those and try again.')).toBeTruthy();
    expect(screen.queryByText('Cropper')).toBeNull();
    expect(FakeXhr.made).toHaveLength(0);
  });

  it('takes a picture dropped on the photo', async () => {
    const user = setupUser();
    setup();
    const card = await photoCard();
    const photo = await within(card).findByRole('img', { name: 'League logo (no photo yet)' });
    fireEvent.dragOver(photo.parentElement!, { dataTransfer: { files: [] } });
    fireEvent.drop(photo.parentElement!, { dataTransfer: { files: [photoFile('image/webp', 'me.webp')] } });
    expect(await within(card).findByText('Cropper')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(await within(card).findByRole('button', { name: 'Add a photo' })).toBeTruthy();
  });

  it('removes the photo after asking; the Account menu goes back to the league logo', async () => {
    const user = setupUser();
    const { fetchMock } = setup({ ...memberProfile, photoURL: PHOTO_URL });
    await waitFor(() => expect(accountAvatar().getAttribute('src')).toBe(PHOTO_URL));
    const card = await photoCard();
    await user.click(await within(card).findByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your photo?' });
    expect(dialog.textContent).toMatch(/league logo shows in its place/);
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/me/photo' && init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Your photo is removed. The league logo shows in its place.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url, init]) => url === '/api/me/photo' && init?.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(accountAvatar().getAttribute('src')).toBe('/logo.svg'));
    expect(within(card).getByRole('img', { name: 'League logo (no photo yet)' })).toBeTruthy();
  });
});
