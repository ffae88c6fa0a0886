import { expect, test } from './fixtures';
import { chooseDocument } from './kycFiles';

/**
 * Runs in the `camera` project only: Chromium's fake camera (a test pattern) stands in for a real one
 * and its permission prompt is answered yes.
 */
test('a photo from the camera is previewed, retaken and sent for each side of an ID card', async ({ page, signIn }) => {
  await signIn('en');
  await chooseDocument(page, 'id_card', 'FR');

  await expect(page.getByRole('heading', { name: 'Front of your ID card' })).toBeVisible();
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect(page.getByTestId('kyc-camera')).toBeVisible();
  await expect.poll(() => page.getByTestId('kyc-camera').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Take photo' }).click();
  await expect(page.getByTestId('kyc-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Retake' }).click();
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect.poll(() => page.getByTestId('kyc-camera').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Use this' }).click();

  await expect(page.getByRole('heading', { name: 'Back of your ID card' })).toBeVisible();
  await page.getByRole('button', { name: 'Take a photo' }).click();
  await expect.poll(() => page.getByTestId('kyc-camera').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Take photo' }).click();
  await page.getByRole('button', { name: 'Use this' }).click();
  await expect(page.getByText('Your ID card is uploaded.')).toBeVisible();
});
