import { expect, screenReady, test } from './fixtures';
import { buildPdf, onePage } from '../tests/pdfFixtures';
import { chooseDocument, PASSPORT, PNG_PHOTO } from './kycFiles';
import { pairRuns, saveScreenshot } from './screenshots';
import { axeViolations } from './axe';

test.describe('identity check', () => {
  test('a refused camera falls back to upload; the passport is sent and the step shows done', async ({ page, signIn }) => {
    // The browser refuses the camera, as when the customer says no.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await signIn('en');
    // A sixteen-year-old is refused beside the field, before anything is sent; the name rule is the profile's.
    await page.goto('/kyc/document');
    await screenReady(page);
    await page.getByLabel('First name(s)').fill('Lena 2');
    await page.getByLabel('Last name').fill(PASSPORT.lastName);
    await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 16}-01-01`);
    await page.getByLabel('Document type').selectOption('passport');
    await page.getByLabel('Issuing country').selectOption('DE');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Use letters, spaces, apostrophes and hyphens only.')).toBeVisible();
    await expect(page.getByText('You must be at least 18 years old.')).toBeVisible();
    await chooseDocument(page);
    await page.getByRole('button', { name: 'Take a photo' }).click();
    await expect(page.getByText('The camera is not available. Upload a photo or a scan instead.')).toBeVisible();
    await page
      .getByLabel('Upload a file')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('MZ not an image') });
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This file is not a JPEG, PNG or PDF' })).toBeVisible();
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByLabel('Upload a file').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG_PHOTO });
    // The preview is drawn, not a broken image: the page's policy allows its own object URLs as images.
    const preview = page.getByTestId('kyc-preview');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(page.getByText('Your passport is uploaded.')).toBeVisible();

    await page.getByRole('link', { name: 'Back to identity verification' }).click();
    await expect(page.getByTestId('kyc-step-document')).toContainText('Done');
    await expect(page.getByTestId('kyc-status')).toContainText('In progress');
    // Resumed from the server: a reload shows the same.
    await page.reload();
    await expect(page.getByTestId('kyc-step-document')).toContainText('Done');
  });

  test('a PDF with a form hidden in an encoded object stream is refused; a plain scan is taken', async ({ page, signIn }) => {
    const [, pages] = onePage();
    const hiddenForm = buildPdf([null, pages!, null], {
      compressed: {
        filter: '/Filter /ASCIIHexDecode',
        encode: (plain) => Buffer.from(`${plain.toString('hex')}>`, 'latin1'),
        objects: {
          1: '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>',
          3: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [4 0 R] >>',
          4: '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [0 0 200 20] /P 3 0 R >>',
        },
      },
    });
    await signIn('en');
    await chooseDocument(page);
    await page.getByLabel('Upload a file').setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: hiddenForm });
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This PDF contains scripts, attached files or form fields, or is too complex to check' }),
    ).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Retake' }).click();
    await page
      .getByLabel('Upload a file')
      .setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: buildPdf(onePage()) });
    await page.getByRole('button', { name: 'Use this' }).click();
    await expect(page.getByText('Your passport is uploaded.')).toBeVisible({ timeout: 15_000 });
  });

  test('the questionnaire branches and refuses an unanswered follow-up, in Arabic', async ({ page, signIn }) => {
    await signIn('ar');
    await page.goto('/ar/kyc/questionnaire');
    await screenReady(page);
    await page.getByLabel('المهنة').selectOption('employed');
    await expect(page.getByLabel('جهة العمل')).toBeVisible();
    await page.getByLabel('المصدر الرئيسي للأموال').selectOption('salary');
    await page.getByLabel('الحجم الشهري المتوقع').selectOption('under_1000');
    await page.getByLabel('هل أنت شخص معرّض سياسيًا؟').selectOption('no');
    await page.getByLabel('بلد الإقامة الضريبية').selectOption('FR');
    await page.getByRole('button', { name: 'حفظ الإجابات' }).click();
    await expect(page.getByText('يُرجى الإجابة عن هذا السؤال.')).toBeVisible();
    await page.getByLabel('جهة العمل').fill('Acme');
    await page.getByRole('button', { name: 'حفظ الإجابات' }).click();
    await expect(page.getByText('تم حفظ إجاباتك.')).toBeVisible();
  });

  for (const locale of ['en', 'ar'] as const) {
    for (const viewport of [
      { name: 'phone', width: 390, height: 844 },
      { name: 'desktop', width: 1280, height: 800 },
    ].filter((v) => pairRuns(locale, v.width))) {
      test(`screenshots and axe ${locale} ${viewport.name}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        await signIn(locale);
        const prefix = locale === 'en' ? '' : `/${locale}`;
        for (const route of ['kyc', 'kyc/document', 'kyc/questionnaire', 'kyc/signature']) {
          await page.goto(`${prefix}/${route}`);
          await screenReady(page);
          await expect(page.locator('.skeleton, [aria-busy="true"]').first()).toHaveCount(0);
          await saveScreenshot(page, {
            path: `reports/screenshots/${locale}-${viewport.name}-${route.replace('/', '-')}.png`,
            fullPage: true,
          });
          expect((await axeViolations(page, { everyRule: true })).map((violation) => `${route}: ${violation}`)).toEqual([]);
        }
      });
    }
  }
});
