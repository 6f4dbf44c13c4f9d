/**
 * The photos of the rep's open visit (contract/visits.ts PHOTO_KINDS): "Chụp ảnh" opens the camera
 * (or the gallery), the photo is shrunk on the phone (src/lib/photo-shrink.ts), given a kind and a
 * note, and saved with its op: it shows at once and goes when there is signal. A refused photo says
 * why, and is sent again or let go.
 */
import { Badge, Button, FileButton, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { filePaths } from '@contract/files';
import { PHOTO_KINDS, photoAlt, type PhotoKind } from '@contract/visits';
import type { AppDb, LocalVisit } from '@/db/app-db';
import type { ShrunkPhoto } from '@/lib/photo-shrink';
import { shrinkPhotoOffThread } from '@/lib/photo-shrink-off-thread';
import { AuthedImage, BlobImage } from '@/ui/authed-image';
import { NoteField } from '@/ui/note-field';
import { toast } from '@/ui/toast';
import type { Visitor } from '../model/visit-actions';
import { addVisitPhoto, sendPhotoAgain, setPhotoAside, type ShownPhoto } from '../model/visit-photos';
import { useVisitPhotos } from '../api/visits-device';

const KIND_OPTIONS = Object.entries(PHOTO_KINDS).map(([value, label]) => ({ value, label }));
const THUMB = 96;

/** Bytes the device holds (its own photos): one Blob per bytes, so the image is not made again on every draw. */
function LocalImage({ bytes, type, alt }: { bytes: ArrayBuffer | Blob; type: string; alt: string }) {
  const blob = useMemo(() => (bytes instanceof Blob ? bytes : new Blob([bytes], { type })), [bytes, type]);
  return <BlobImage blob={blob} alt={alt} size={THUMB} />;
}

function PhotoTile({
  photo,
  companyId,
  onAgain,
  onAside,
}: {
  photo: ShownPhoto;
  companyId: number;
  onAgain: () => void;
  onAside: () => void;
}) {
  const alt = photoAlt(photo);
  return (
    <Stack gap={4} data-testid="visit-photo" data-state={photo.state}>
      {photo.bytes ? (
        <LocalImage bytes={photo.bytes} type={photo.contentType ?? 'image/jpeg'} alt={alt} />
      ) : (
        <AuthedImage path={`${filePaths.file(photo.fileId)}?company=${companyId}`} alt={alt} size={THUMB} />
      )}
      <Text size="xs" fw={600}>
        {PHOTO_KINDS[photo.kind]}
      </Text>
      {photo.state === 'pending' && (
        <Badge size="xs" color="yellow" variant="light">
          Chờ gửi
        </Badge>
      )}
      {photo.state === 'rejected' && (
        <>
          <Text size="xs" c="red.9" role="alert">
            {photo.error}
          </Text>
          <Group gap={4}>
            <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onAgain}>
              Gửi lại
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconTrash size={14} />} onClick={onAside}>
              Bỏ ảnh
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The shrunk photo waiting for its kind and note before it is saved. */
function PhotoDraft({
  draft,
  onSave,
  onCancel,
}: {
  draft: ShrunkPhoto;
  onSave: (kind: PhotoKind, note: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<PhotoKind>('shelf');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await onSave(kind, note);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs" data-testid="photo-draft">
      <LocalImage bytes={draft.blob} type="image/jpeg" alt="Ảnh vừa chụp" />
      <Select
        label="Loại ảnh"
        data={KIND_OPTIONS}
        value={kind}
        onChange={(next) => next && setKind(next as PhotoKind)}
        allowDeselect={false}
      />
      <NoteField label="Ghi chú ảnh" placeholder="Vị trí kệ, sản phẩm…" value={note} onChange={setNote} maxLength={1000} />
      <Group gap="xs">
        <Button size="xs" onClick={() => void save()} loading={busy}>
          Lưu ảnh
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          Hủy
        </Button>
      </Group>
    </Stack>
  );
}

export function VisitPhotos({ db, visitor, visit }: { db: AppDb; visitor: Visitor; visit: LocalVisit }) {
  const photos = useVisitPhotos(db, visit.id, visit.photos);
  const [draft, setDraft] = useState<ShrunkPhoto | null>(null);
  const [reading, setReading] = useState(false);

  async function pick(file: File | null) {
    if (!file) return;
    setReading(true);
    try {
      setDraft(await shrinkPhotoOffThread(file));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Không đọc được ảnh');
    } finally {
      setReading(false);
    }
  }

  async function save(kind: PhotoKind, note: string) {
    if (!draft) return;
    const location = draft.location ? { ...draft.location, accuracy: null } : null;
    const photo = {
      bytes: await draft.blob.arrayBuffer(),
      contentType: 'image/jpeg',
      kind,
      note: note.trim() || null,
      takenAt: draft.takenAt,
      location,
    };
    await addVisitPhoto(db, visitor, visit.id, photo);
    toast.success('Đã lưu ảnh, ảnh sẽ được gửi khi có mạng');
    setDraft(null);
  }

  async function act(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Không thực hiện được');
    }
  }

  return (
    <Stack gap="xs" data-testid="visit-photos">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Ảnh tại điểm bán {photos?.length ? `(${photos.length})` : ''}
        </Text>
        {!draft && (
          <FileButton onChange={(file) => void pick(file)} accept="image/jpeg,image/png,image/webp" capture="environment">
            {(props) => (
              <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={16} />} loading={reading}>
                Chụp ảnh
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {draft && <PhotoDraft draft={draft} onSave={save} onCancel={() => setDraft(null)} />}
      {photos && photos.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {photos.map((photo) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              companyId={visitor.companyId}
              onAgain={() => void act(() => sendPhotoAgain(db, visitor, photo, visit.id))}
              onAside={() => void act(() => setPhotoAside(db, photo, 'Người dùng bỏ ảnh'))}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
