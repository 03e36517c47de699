import { describe, expect, it } from 'vitest';
import { dateCell, decimalCell, defuseFormula, textCell, toCsv, UTF8_BOM } from '../../../src/lib/format/csv';
import { transactionsCsvFilename, transactionsCsvStream, type CsvTransactionRow, type TransactionsCsvText } from '../../../src/lib/transactions/transactions-csv';

const TEXT: TransactionsCsvText = {
  headings: { date: 'Date', type: 'Type', company: 'Company', assignment: 'Assignment', change: 'Change', currency: 'Currency', balanceAfter: 'Balance after', id: 'Transaction ID' },
  typeLabel: (type) => ({ SALARY: 'Salary', COMISSION: 'Commission', MISC: 'Miscellaneous', WITHDRAWAL: 'Withdrawal' })[type],
};

const row = (overrides: Partial<CsvTransactionRow> = {}): CsvTransactionRow => ({
  id: '6f1c2a3b-0000-4000-8000-000000000001',
  createdAt: '2025-03-20T17:00:00.000Z',
  type: 'COMISSION',
  change: '-61.73',
  currency: 'EUR',
  balanceAfter: '1173.77',
  companyName: 'Northwind Labs',
  assignmentTitle: 'Senior frontend engineer',
  ...overrides,
});

// The decoder keeps the byte order mark (a plain decode drops it) so that it is checked too.
const decode = (bytes: ArrayBuffer | Uint8Array | undefined) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const textOf = async (stream: ReadableStream<Uint8Array>) => decode(await new Response(stream).arrayBuffer());
async function* partsOf(...parts: CsvTransactionRow[][]) {
  yield* parts;
}
/** The export file of these rows, written in one part. */
const transactionsCsv = (rows: CsvTransactionRow[], text: TransactionsCsvText) => textOf(transactionsCsvStream(partsOf(rows), text));

/** The file's lines without the BOM and the final line end. */
const linesOf = (csv: string) => csv.slice(UTF8_BOM.length).split('\r\n').slice(0, -1);

describe('CSV encoding (RFC 4180)', () => {
  it('starts with a UTF-8 byte order mark and ends every line, the last too, with CRLF', () => {
    const csv = toCsv([[textCell('a')], [textCell('b')]]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toBe('\uFEFF"a"\r\n"b"\r\n');
    expect(csv.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });

  it('quotes text, doubles quotes inside it and keeps commas and line breaks inside the quotes', () => {
    expect(toCsv([[textCell('Smith, "Jo"'), textCell('two\r\nlines'), textCell(null)]])).toBe('\uFEFF"Smith, ""Jo""","two\r\nlines",""\r\n');
  });

  it('writes decimals and ISO days bare, so spreadsheets read them as numbers and dates', () => {
    expect(toCsv([[dateCell('2025-03-20'), decimalCell('-61.73'), decimalCell('1234.50')]])).toBe('\uFEFF2025-03-20,-61.73,1234.50\r\n');
  });

  it('refuses anything but a plain decimal or an ISO day in those cells', () => {
    for (const bad of ['1,234.50', '€12.00', '=1+1', '-', '12.', ' 12.00', '1e5']) expect(() => decimalCell(bad), bad).toThrow('Not a plain decimal');
    for (const bad of ['20/03/2025', '2025-3-20', '=NOW()']) expect(() => dateCell(bad), bad).toThrow('Not an ISO day');
  });

  it('keeps multi-byte text as it is', () => {
    expect(toCsv([[textCell('Banco Atlântico — Zürich 東京')]])).toBe('\uFEFF"Banco Atlântico — Zürich 東京"\r\n');
  });
});

describe('CSV formula injection guard', () => {
  it('puts an apostrophe before text that starts with =, +, -, @, tab or CR', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(defuseFormula(`${start}HYPERLINK("http://x")`), JSON.stringify(start)).toBe(`'${start}HYPERLINK("http://x")`);
    }
    expect(toCsv([[textCell('=cmd|\' /C calc\'!A0')]])).toBe('\uFEFF"\'=cmd|\' /C calc\'!A0"\r\n');
  });

  it('leaves other text alone, including those characters later in the text', () => {
    for (const safe of ['Northwind Labs', 'A=B', 'x-1', ' =not first', "'quoted", '']) expect(defuseFormula(safe)).toBe(safe);
  });

  it('keeps negative amounts numeric: only text cells are guarded', () => {
    expect(toCsv([[decimalCell('-12.50'), textCell('-12.50')]])).toBe('\uFEFF-12.50,"\'-12.50"\r\n');
  });
});

describe('transactions export file', () => {
  it('has a heading row, then one row per transaction with the UTC day, the type name and plain amounts', async () => {
    const lines = linesOf(await transactionsCsv([row(), row({ type: 'SALARY', change: '1234.50', balanceAfter: '1235.50', createdAt: '2025-03-31T23:30:00.000Z', assignmentTitle: null })], TEXT));
    expect(lines).toEqual([
      '"Date","Type","Company","Assignment","Change","Currency","Balance after","Transaction ID"',
      '2025-03-20,"Commission","Northwind Labs","Senior frontend engineer",-61.73,"EUR",1173.77,"6f1c2a3b-0000-4000-8000-000000000001"',
      '2025-03-31,"Salary","Northwind Labs","",1234.50,"EUR",1235.50,"6f1c2a3b-0000-4000-8000-000000000001"',
    ]);
  });

  it('defuses a company name or title that a spreadsheet would run, but not the amounts', async () => {
    const [, line] = linesOf(await transactionsCsv([row({ companyName: '=HYPERLINK("http://evil")', assignmentTitle: '@SUM(A1)', change: '-5.00', balanceAfter: '-5.00' })], TEXT));
    expect(line).toBe('2025-03-20,"Commission","\'=HYPERLINK(""http://evil"")","\'@SUM(A1)",-5.00,"EUR",-5.00,"6f1c2a3b-0000-4000-8000-000000000001"');
  });

  it('is only the heading row when there are no transactions', async () => {
    expect(linesOf(await transactionsCsv([], TEXT))).toHaveLength(1);
  });

  it('names the file after the period, and only after a real period', () => {
    expect(transactionsCsvFilename('2025-01-01', '2025-12-31')).toBe('transactions-2025-01-01-2025-12-31.csv');
    expect(() => transactionsCsvFilename('2025-01-01"; x=', '2025-12-31')).toThrow();
  });
});

describe('transactions export file, written part by part', () => {

  it('is the same file whatever the parts', async () => {
    const rows = [row(), row({ id: 'second', companyName: '=Globex', change: '5.00' }), row({ id: 'third', type: 'SALARY' })];
    const whole = await transactionsCsv(rows, TEXT);
    expect(await textOf(transactionsCsvStream(partsOf(rows), TEXT))).toBe(whole);
    expect(await textOf(transactionsCsvStream(partsOf(rows.slice(0, 1), rows.slice(1, 2), rows.slice(2)), TEXT))).toBe(whole);
    expect(await textOf(transactionsCsvStream(partsOf([], rows), TEXT))).toBe(whole);
  });

  it('is only the heading row when no part holds a row', async () => {
    expect(await textOf(transactionsCsvStream(partsOf(), TEXT))).toBe(await transactionsCsv([], TEXT));
    expect(await textOf(transactionsCsvStream(partsOf([]), TEXT))).toBe(await transactionsCsv([], TEXT));
  });

  it('asks for a part only when the reader wants more, and breaks off when a part fails', async () => {
    let asked = 0;
    async function* failing() {
      asked += 1;
      yield [row()];
      asked += 1;
      throw new Error('the API failed');
    }
    const expected = await transactionsCsv([row()], TEXT);
    const reader = transactionsCsvStream(failing(), TEXT).getReader();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(0);
    expect(decode((await reader.read()).value)).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(1);
    await expect(reader.read()).rejects.toThrow('the API failed');
  });

  it('reads no next part until the download has taken the last one', async () => {
    let asked = 0;
    async function* parts() {
      for (;;) {
        asked += 1;
        yield [row()];
      }
    }
    let release = () => {};
    const ready = () => new Promise<void>((resolve) => (release = resolve));
    const reader = transactionsCsvStream(parts(), TEXT, undefined, ready).getReader();
    const first = reader.read();
    await Promise.resolve();
    expect(asked).toBe(0);
    release();
    await first;
    expect(asked).toBe(1);
    const second = reader.read();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(1);
    release();
    await second;
    expect(asked).toBe(2);
    await reader.cancel();
  });
});
