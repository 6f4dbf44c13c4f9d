/**
 * The state of the booking form (book-delivery-dialog.tsx): the parcel, COD and declared value, how
 * the receiver takes the goods, the quotes asked for and the one chosen, its pick shift or shipper,
 * the note; asking for quotes and booking, each with its problem shown on the form.
 */
import { useState } from 'react';
import type { Parcel, Quote, QuoteAnswer, ReceiverMethod } from '@contract/delivery';
import { toast } from '@/ui/toast';
import { deliveryError, useDeliveryWrites, usePickShifts, type DeliveryDraft } from '@/features/delivery/api/delivery-api';

export const PARCEL_FIELDS: { key: keyof Parcel; label: string; max: number }[] = [
  { key: 'weight_grams', label: 'Khối lượng (g)', max: 1_000_000 },
  { key: 'length_cm', label: 'Dài (cm)', max: 300 },
  { key: 'width_cm', label: 'Rộng (cm)', max: 300 },
  { key: 'height_cm', label: 'Cao (cm)', max: 300 },
];

export const quoteKey = (quote: Quote) => `${quote.connection_id}:${quote.service_id}`;

export function useBookDelivery(companyId: number, draft: DeliveryDraft, onClose: () => void) {
  const writes = useDeliveryWrites(companyId);
  const [parcel, setParcel] = useState<Record<keyof Parcel, number | string>>({ ...draft.parcel });
  const [cod, setCod] = useState(String(draft.cod_amount));
  const [insurance, setInsurance] = useState(String(draft.insurance_value));
  const [method, setMethod] = useState<ReceiverMethod>('cho_xem');
  const [quotes, setQuotes] = useState<QuoteAnswer | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [shift, setShift] = useState<string | null>(null);
  const [shipper, setShipper] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'quote' | 'book' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const quote = quotes?.quotes.find((candidate) => quoteKey(candidate) === chosen) ?? null;
  const account = draft.accounts.find((candidate) => candidate.id === quote?.connection_id) ?? null;
  const shifts = usePickShifts(companyId, quote && quote.carrier !== 'self' ? quote.connection_id : null);

  const parcelValue = (): Parcel | null => {
    const values = Object.fromEntries(PARCEL_FIELDS.map(({ key }) => [key, Number(parcel[key])])) as Parcel;
    return PARCEL_FIELDS.every(({ key, max }) => Number.isInteger(values[key]) && values[key] >= 1 && values[key] <= max) ? values : null;
  };

  async function askQuotes() {
    const value = parcelValue();
    if (!value) return setProblem('Vui lòng nhập khối lượng và kích thước gói hàng (số nguyên lớn hơn 0)');
    setProblem(null);
    setBusy('quote');
    setChosen(null);
    try {
      setQuotes(
        await writes.quote({ order: draft.order.id, parcel: value, cod_amount: Number(cod || 0), insurance_value: Number(insurance || 0) }),
      );
    } catch (error) {
      setProblem(deliveryError(error, 'Không lấy được báo giá'));
    } finally {
      setBusy(null);
    }
  }

  async function book() {
    const value = parcelValue();
    if (!quote || !value) return;
    setBusy('book');
    setProblem(null);
    try {
      const answer = await writes.book({
        order: draft.order.id,
        connection_id: quote.connection_id,
        service_id: quote.service_id,
        service_name: quote.service_name,
        fee: quote.fee,
        expected_at: quote.expected_at,
        parcel: value,
        cod_amount: Number(cod || 0),
        insurance_value: Number(insurance || 0),
        receiver_method: method,
        pick_shift: shifts.data?.find((candidate) => candidate.id === shift) ?? null,
        shipper_id: shipper ? Number(shipper) : null,
        note: note.trim() || null,
      });
      toast.success(answer.message ?? 'Đã gửi đơn sang hãng vận chuyển');
      onClose();
    } catch (error) {
      setProblem(deliveryError(error, 'Không tạo được đơn vận chuyển'));
    } finally {
      setBusy(null);
    }
  }

  return {
    parcel,
    setParcel,
    cod,
    setCod,
    insurance,
    setInsurance,
    method,
    setMethod,
    quotes,
    chosen,
    setChosen,
    shift,
    setShift,
    shipper,
    setShipper,
    note,
    setNote,
    busy,
    problem,
    quote,
    account,
    shifts,
    parcelValue,
    askQuotes,
    book,
  };
}
