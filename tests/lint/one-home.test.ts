/**
 * One home per shared concept: each concept below is written in its home and nowhere else, found
 * by its tell-tale (the call or markup a second copy cannot do without). A second definition fails
 * here with the home to use instead. docs/architecture.md "One home per shared concept" lists the
 * same homes for a reader. An exception names its file, how many times, and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Concept = {
  concept: string;
  /** The one file that writes the tell-tale. */
  home: string;
  /** Where a copy would be looked for (production code; tests are free to spell things out). */
  under: string[];
  /** A pattern (counted), or a test of a whole file's text for a tell-tale made of two things. */
  tell: RegExp | ((text: string) => number);
  /** Test files are searched too (for a concept of the tests themselves). */
  withTests?: boolean;
  /** Files that may write the tell-tale too: how many times, and why. */
  exceptions?: Record<string, { times: number; reason: string }>;
  /** A text the tell-tale finds, and one it must not: the pattern is proved, not trusted. */
  proof: { copy: string; other: string };
};

export const CONCEPTS: Concept[] = [
  {
    concept: 'a page of rows from SQL (the page and its count from one select)',
    home: 'server/kernel/lists.ts',
    under: ['server'],
    tell: /\.offset\(/g,
    exceptions: {
      'server/modules/products/catalogue-lists.ts': {
        times: 1,
        reason:
          "variant pages: searchedVariantPage takes a limit and an offset, as the bench's floor calls it (tests/bench/support/floor-server.ts)",
      },
      'server/modules/plans/plan-records.ts': {
        times: 1,
        reason: 'systemOrderRecords takes { limit, offset } from its callers (system-orders.routes.ts, subscriptions.ts)',
      },
      'server/modules/system/shops.ts': { times: 1, reason: 'shopRecords takes { limit, offset } from shops.routes.ts' },
    },
    proof: {
      copy: 'db.select().from(t).limit(query.limit)\n  .offset((query.page - 1) * query.limit)',
      other: 'selectPage(select, [asc(t.id)], query)',
    },
  },
  {
    concept: 'a number written for a person (dot thousands, comma decimals)',
    home: 'contract/money.ts',
    under: ['src', 'contract', 'server'],
    tell: /\.toLocaleString\(|new Intl\.NumberFormat\(/g,
    proof: {
      copy: "`${count.toLocaleString('vi-VN')} đơn`",
      other: '`${formatNumber(count)} đơn`',
    },
  },
  {
    concept: 'a dialog: full screen on a phone, its close button named, the focus given back when it goes',
    home: 'src/ui/responsive-modal.tsx',
    under: ['src'],
    tell: /<Modal\b|fullScreen=\{\s*isMobile\s*\}/g,
    proof: {
      copy: '<Modal opened onClose={close} title="Sửa">',
      other: '<ResponsiveModal opened title="Sửa">',
    },
  },
  {
    concept: 'a printed sheet: its toolbar (back, print) and the browser print call',
    home: 'src/ui/print-screen.tsx',
    under: ['src'],
    tell: /window\.print\(/g,
    proof: { copy: '<Button onClick={() => window.print()}>In</Button>', other: '<PrintScreen title="Phiếu thu" onBack={back}>' },
  },
  {
    concept: 'a labelled fact (a small dimmed label above its value)',
    home: 'src/ui/fact.tsx',
    under: ['src'],
    tell: /<Text size="xs" c="dimmed">\s*\{label\}\s*<\/Text>\s*<Text size="sm"/g,
    proof: {
      copy: '<div>\n  <Text size="xs" c="dimmed">\n    {label}\n  </Text>\n  <Text size="sm" component="div">{children}</Text>',
      other: '<Fact label="Kho">{name}</Fact>',
    },
  },
  {
    concept: 'a line\'s product name with its variant ("Panadol – Hộp 10 vỉ")',
    home: 'src/lib/line-name.ts',
    under: ['src', 'contract'],
    tell: /product_?[nN]ame\s*\}\s*–/g,
    proof: { copy: 'const title = `${line.product_name} – ${line.variant_name}`;', other: 'const title = lineName(line);' },
  },
  {
    concept: 'a customer picked by search (a list of customers found, or a field holding one)',
    home: 'src/ui/customer-picker.tsx',
    under: ['src'],
    // A screen that searches customers itself and labels them for its own select, or lists them as buttons.
    tell: (text) =>
      /search(Local)?Customers\(/.test(text) && (/\$\{\w+\.name\} \(\$\{\w+\.code/.test(text) || /<UnstyledButton\b/.test(text)) ? 1 : 0,
    proof: {
      copy: 'const found = useQuery({ queryFn: () => searchCustomers(companyId, debounced) });\nconst options = found.map((one) => ({ value: one.id, label: `${one.name} (${one.code})` }));',
      other:
        'const found = useQuery({ queryFn: () => searchCustomers(companyId, debounced) });\nreturn <CustomerSelectField found={found.data} />;',
    },
  },
  {
    concept: 'a variant found by search or scan (the result list, the scanned code, its label)',
    home: 'src/ui/variant-picker.tsx',
    under: ['src'],
    // The label a select gives a variant, or the words a scan that finds nothing says.
    tell: /variantName\(\w+\)\}\s*\(\$\{\w+\.code\}\)|Không tìm thấy sản phẩm có mã vạch/g,
    proof: {
      copy: 'const label = `${variantName(row)} (${row.code})`;\ntoast.error(`Không tìm thấy sản phẩm có mã vạch ${code}`);',
      other: 'toast.error(notFoundMessage(code));\nreturn <VariantSelectField found={found} />;',
    },
  },
  {
    concept: "the device's catalogue or customers read live as a person types, or some variants by id",
    home: 'src/db/live-lookups.ts',
    under: ['src'],
    tell: /\bsearchLocal(Variants|Customers)\(|\.variants\.bulkGet\(\s*key\b/g,
    exceptions: {
      'src/db/variant-search.ts': { times: 1, reason: 'the search itself (its definition)' },
      'src/db/customer-search.ts': { times: 1, reason: 'the search itself (its definition)' },
      'src/features/orders/api/order-customer-options.ts': {
        times: 1,
        reason: "the order list's filter asks the server and falls back to the device once when offline, not a live read",
      },
    },
    proof: {
      copy: 'return useLiveQuery(() => searchLocalVariants(db, companyId, search, 20), [db, companyId, search]);',
      other: 'const found = useVariantSearch(db, companyId, search.debounced);',
    },
  },
  {
    concept: 'a day typed or picked (ddmmyyyy, d/m/yyyy or the calendar; never a hang on digits still being typed)',
    home: 'src/ui/day-field.tsx',
    under: ['src'],
    tell: /<DateInput\b|type="date"/g,
    proof: {
      copy: '<TextInput label="Ngày bắt đầu" type="date" value={values.starts_on} />',
      other: '<DayField label="Ngày bắt đầu" value={values.starts_on} />',
    },
  },
  {
    concept: 'a password being set (a new one, or typed again): the browser told it is new',
    home: 'src/ui/new-password-input.tsx',
    under: ['src'],
    // An account's password field written out; a provider's secret (a PasswordInput) is another thing.
    tell: /<RuleTextInput\b[^<]*?autoComplete="new-password"/g,
    proof: {
      copy: '<RuleTextInput\n  label="Mật khẩu mới"\n  password\n  autoComplete="new-password"\n  value={password}\n/>',
      other: '<NewPasswordInput value={password} onChange={setPassword} />',
    },
  },
  {
    concept: "a list's filter in its URL, and the section's saved filter restored",
    home: 'src/ui/list-page/url-filter.ts',
    under: ['src'],
    tell: /\bsaveFilter\(/g,
    exceptions: { 'src/session/saved-filters.ts': { times: 1, reason: 'where the saved filters are kept (its definition)' } },
    proof: {
      copy: "saveFilter('order', compact);\nvoid navigate({ search: next, replace: true });",
      other: "const go = useFilterChange('/order', ORDER_LIST_SLOT);",
    },
  },
  {
    concept: "a server test's start: a test server, the demo's An signed in, the demo companies' ids",
    home: 'server/testing/test-server.ts',
    under: ['server'],
    withTests: true,
    tell: /company_data\.title ===/g,
    proof: {
      copy: 'const anKhang = an.account.company_data.find((m) => m.company_data.title === DEMO.anKhang.title)!.company;',
      other: 'const { server, an, anKhang } = await startDemoServer();',
    },
  },
  {
    concept: 'a file from the server handed to the browser (its name from Content-Disposition, the bytes saved)',
    home: 'src/api/files.ts',
    under: ['src'],
    tell: /filenameFromDisposition\(/g,
    proof: {
      copy: "const name = filenameFromDisposition(response.headers.get('content-disposition'), 'x.xlsx');",
      other: "await downloadFile(path, query, 'x.xlsx', { onProgress });",
    },
  },
];

function filesUnder(folder: string, withTests = false): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.(ts|tsx)$/.test(file) && (withTests || !/\.test\.tsx?$/.test(file)) && !file.endsWith('.gen.ts'));
}

const count = (tell: Concept['tell'], text: string) =>
  typeof tell === 'function' ? tell(text) : (text.match(new RegExp(tell.source, 'g'))?.length ?? 0);

describe('one home per shared concept', () => {
  it.each(CONCEPTS.map((concept) => [concept.concept, concept] as const))('%s: the tell-tale is proved', (_, concept) => {
    expect(count(concept.tell, concept.proof.copy)).toBeGreaterThan(0);
    expect(count(concept.tell, concept.proof.other)).toBe(0);
  });

  it.each(CONCEPTS.map((concept) => [concept.concept, concept] as const))('%s: written only in its home', (_, concept) => {
    expect(fs.existsSync(path.join(ROOT, concept.home)), `${concept.home} exists`).toBe(true);
    const found = Object.fromEntries(
      concept.under
        .flatMap((folder) => filesUnder(folder, concept.withTests))
        .filter((file) => file !== concept.home)
        .map((file) => [file, count(concept.tell, fs.readFileSync(path.join(ROOT, file), 'utf8'))] as const)
        .filter(([, times]) => times > 0),
    );
    const allowed = Object.fromEntries(Object.entries(concept.exceptions ?? {}).map(([file, { times }]) => [file, times]));
    expect(found, `use ${concept.home} instead`).toEqual(allowed);
  });
});
