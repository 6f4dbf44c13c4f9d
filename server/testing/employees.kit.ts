/** Shared setup of the employee tests: the demo server, its people signed in, ids and call helpers. */
import ExcelJS from 'exceljs';
import type { LoginAnswer } from '@contract/auth';
import type { Envelope } from '@contract/envelope';
import { employeePaths, type EmployeeRecord } from '@contract/employees';
import { DEMO } from '@server/seed/demo';
import { startDemoServer, type ApiAnswer, type TestServer } from './test-server';

/** The demo staff of An Khang (server/seed/demo-employees.ts), by what their role gives each test. */
export const STAFF = {
  rep: '0912000001', // Lê Văn Trình, TDV001, Trình dược viên, region MN: no employees permission
  repHanoi: '0912000002', // Phạm Thị Hoa, TDV002, Trình dược viên, region HN
  manager: '0912000003', // Võ Minh Quân, QL001, Quản lý vùng, region MN: employees view/edit in MN
  accountant: '0912000004', // Đặng Thu Hà, KT001, Kế toán: no employees permission
  storekeeper: '0912000005', // Bùi Văn Kiên, TK001, Thủ kho
} as const;

export type EmployeeKit = {
  server: TestServer;
  an: LoginAnswer;
  binh: LoginAnswer;
  rep: LoginAnswer;
  repHanoi: LoginAnswer;
  manager: LoginAnswer;
  accountant: LoginAnswer;
  anKhang: number;
  minhPhat: number;
  hoaBinh: number;
  get: <T>(path: string, query: Record<string, string | number | undefined>, token?: string) => Promise<ApiAnswer<T>>;
  send: <T>(method: 'POST' | 'PUT', path: string, body: unknown, token?: string) => Promise<ApiAnswer<T>>;
  /** An employee of An Khang as the owner sees it. */
  employee: (accountId: number, company?: number) => Promise<EmployeeRecord>;
  /** Posts a workbook built from rows (first row: headers) as multipart. */
  upload: <T>(path: string, sheet: unknown[][], fields: Record<string, string>, token?: string) => Promise<ApiAnswer<T>>;
  uploadBytes: <T>(
    path: string,
    bytes: Uint8Array | string,
    fields: Record<string, string>,
    token?: string,
    fileName?: string,
  ) => Promise<ApiAnswer<T>>;
  stop: () => Promise<void>;
};

export async function workbookBytes(sheet: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('Trang 1');
  for (const row of sheet) worksheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export async function startEmployeeKit(): Promise<EmployeeKit> {
  const { server, an, anKhang, minhPhat, hoaBinh } = await startDemoServer();
  const binh = await server.login(DEMO.binh.phone);
  const rep = await server.login(STAFF.rep);
  const repHanoi = await server.login(STAFF.repHanoi);
  const manager = await server.login(STAFF.manager);
  const accountant = await server.login(STAFF.accountant);

  async function get<T>(path: string, query: Record<string, string | number | undefined>, token = an.access) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
    return server.call<T>(`${path}?${params}`, { token });
  }

  async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown, token = an.access) {
    return server.call<T>(path, { method, body, token });
  }

  async function uploadBytes<T>(
    path: string,
    bytes: Uint8Array | string,
    fields: Record<string, string>,
    token = an.access,
    fileName = 'nhap.xlsx',
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new Blob([bytes as BlobPart]), fileName);
    const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }

  return {
    server,
    an,
    binh,
    rep,
    repHanoi,
    manager,
    accountant,
    anKhang,
    minhPhat,
    hoaBinh,
    get,
    send,
    async employee(accountId, company = anKhang) {
      const answer = await get<EmployeeRecord>(employeePaths.employee(accountId), { company });
      if (answer.status !== 200) throw new Error(`employee ${accountId}: ${answer.status} ${answer.body.message}`);
      return answer.body.data;
    },
    uploadBytes,
    async upload(path, sheet, fields, token) {
      return uploadBytes(path, await workbookBytes(sheet), fields, token);
    },
    stop: () => server.stop(),
  };
}
