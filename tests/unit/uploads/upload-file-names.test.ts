import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName, downloadFileName, MAX_FILE_NAME_LENGTH } from '../../../src/lib/uploads/file-names';

describe('uploaded file names are labels, made safe to show and to download under', () => {
  it('keeps an ordinary name', () => {
    expect(cleanFileName('Ana Silva CV 2025.pdf', 'cv.pdf')).toBe('Ana Silva CV 2025.pdf');
    expect(cleanFileName('Currículo – Ана.pdf', 'cv.pdf')).toBe('Currículo – Ана.pdf');
  });

  it('drops folders, control characters, reserved characters and leading dots', () => {
    expect(cleanFileName('../../etc/passwd', 'cv.pdf')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\ana\\cv.pdf', 'cv.pdf')).toBe('cv.pdf');
    expect(cleanFileName('my\u0000 cv\r\n"final".pdf', 'cv.pdf')).toBe('my cvfinal.pdf');
    expect(cleanFileName('...hidden.pdf', 'cv.pdf')).toBe('hidden.pdf');
  });

  it('falls back when nothing is left, and shortens long names keeping the extension', () => {
    expect(cleanFileName('', 'resume.pdf')).toBe('resume.pdf');
    expect(cleanFileName('///', 'resume.pdf')).toBe('resume.pdf');
    expect(cleanFileName(null, 'pdf.pdf')).toBe('pdf.pdf');
    const long = cleanFileName(`${'a'.repeat(300)}.pdf`, 'cv.pdf');
    expect(long).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('downloads under a name ending in the stored type', () => {
    expect(downloadFileName('cv', 'pdf')).toBe('cv.pdf');
    expect(downloadFileName('CV.PDF', 'pdf')).toBe('CV.PDF');
    // Both spellings of the JPEG extension are the type already.
    expect(downloadFileName('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(downloadFileName('photo.JPG', 'jpg')).toBe('photo.JPG');
    expect(downloadFileName('photo', 'jpg')).toBe('photo.jpg');
    expect(downloadFileName('notes.jpeg', 'pdf')).toBe('notes.jpeg.pdf');
  });

  it('sends the name as an attachment, ASCII and UTF-8', () => {
    expect(attachmentDisposition('My CV.pdf')).toBe(`attachment; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`);
    expect(attachmentDisposition('Currículo.pdf')).toBe(`attachment; filename="Curr_culo.pdf"; filename*=UTF-8''Curr%C3%ADculo.pdf`);
    expect(attachmentDisposition('a\\b%c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%5Cb%25c.pdf`);
  });
});
