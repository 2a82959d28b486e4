import { expect, test } from 'vitest';
import { extensionOf, storageName } from './upload.js';

test('a picked file name becomes a key segment the upload host accepts', () => {
  expect(storageName('张晓-前端.pdf')).toBe('张晓-前端.pdf');
  expect(storageName('a/b\\c.docx')).toBe('a_b_c.docx');
  expect(storageName('.hidden.png')).toBe('file.hidden.png');
  expect(storageName('tab\there.jpg')).toBe('tab_here.jpg');
  // long names keep their extension
  const long = storageName(`${'简'.repeat(150)}.pdf`);
  expect(long.endsWith('.pdf')).toBe(true);
  expect(long.length).toBe(104);
});

test('extensions are read lower-case, empty when there is none', () => {
  expect(extensionOf('Resume.PDF')).toBe('pdf');
  expect(extensionOf('photo.jpeg')).toBe('jpeg');
  expect(extensionOf('README')).toBe('');
});
