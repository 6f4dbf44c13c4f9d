/** The parts every printed warehouse form shares: the unit and form header, the title block, the signatures. */
import type { ReactNode } from 'react';
import type { ReceiptPrint } from '@contract/warehouse-receipts';
import { documentDate, FORM_TITLES } from '@/features/warehouse/model/receipt-print';
import classes from './receipt-print.module.css';

export function FormHeader({ print }: { print: ReceiptPrint }) {
  return (
    <div className={classes.top}>
      <div>
        <div>
          Đơn vị: <b data-testid="print-unit">{print.unit_name || print.company.title}</b>
        </div>
        <div>Bộ phận: {print.department || '……………………'}</div>
      </div>
      <div className={classes.form}>
        <b data-testid="print-form">Mẫu số {print.form}</b>
        <span className={classes.italic}>(Ban hành theo {print.regime} của Bộ Tài chính)</span>
      </div>
    </div>
  );
}

/** Title, date and number; Nợ/Có are left for the accountant to write. */
export function TitleBlock({ print, accounts = true }: { print: ReceiptPrint; accounts?: boolean }) {
  const { receipt } = print;
  return (
    <div className={classes.titleRow}>
      <div />
      <div className={classes.center}>
        <div className={classes.title}>{FORM_TITLES[receipt.kind]}</div>
        <div className={classes.italic}>{documentDate(receipt.document_date)}</div>
        <div>
          Số: <b data-testid="print-code">{receipt.code}</b>
        </div>
      </div>
      {accounts ? (
        <div className={classes.accounts}>
          <div>Nợ: ……………</div>
          <div>Có: ……………</div>
        </div>
      ) : (
        <div />
      )}
    </div>
  );
}

export type Signer = { title: string; note?: string; name?: string | null };

export function Signatures({ signers, day }: { signers: readonly Signer[]; day?: ReactNode }) {
  return (
    <>
      <div className={classes.date}>{day ?? 'Ngày …… tháng …… năm ……'}</div>
      <div className={classes.signatures} style={{ gridTemplateColumns: `repeat(${signers.length}, 1fr)` }} data-testid="print-signatures">
        {signers.map((signer) => (
          <div key={signer.title}>
            <b>{signer.title}</b>
            <i>{signer.note ?? '(Ký, họ tên)'}</i>
            {signer.name && <div className={classes.signName}>{signer.name}</div>}
          </div>
        ))}
      </div>
    </>
  );
}
