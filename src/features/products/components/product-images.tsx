/** A product's images: upload (JPEG, PNG or WebP, at most 2 MB each and 8 per product) and remove. */
import { ActionIcon, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { type ProductImage } from '@contract/products';
import { MAX_PRODUCT_IMAGE_BYTES, MAX_PRODUCT_IMAGES, PRODUCT_IMAGE_TYPES } from '@contract/products-files';
import { openConfirm } from '@/ui/confirm-dialog';
import { toast } from '@/ui/toast';
import { writeErrorMessage, type ProductWrites } from '../api/product-writes';
import { AuthedImage } from '@/ui/authed-image';
import { toastedWrite } from '@/ui/toasted-write';

type Props = {
  productId: number;
  images: ProductImage[];
  onImages: (images: ProductImage[]) => void;
  writes: ProductWrites;
  disabled: boolean;
};

/** Files that can be sent, or the reason the pick is refused. */
export function checkImageFiles(files: readonly File[], already: number): string | null {
  if (already + files.length > MAX_PRODUCT_IMAGES) return `Mỗi sản phẩm có tối đa ${MAX_PRODUCT_IMAGES} ảnh`;
  const wrongType = files.find((file) => !(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type));
  if (wrongType) return `Ảnh "${wrongType.name}" không phải JPEG, PNG hoặc WebP`;
  const tooBig = files.find((file) => file.size > MAX_PRODUCT_IMAGE_BYTES);
  if (tooBig) return `Ảnh "${tooBig.name}" lớn hơn ${MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024} MB`;
  return null;
}

export function ProductImages({ productId, images, onImages, writes, disabled }: Props) {
  const [busy, setBusy] = useState(false);
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const refused = checkImageFiles(files, images.length);
    if (refused) return void toast.error(refused);
    setBusy(true);
    try {
      onImages(await writes.uploadImages(productId, files));
      toast.success('Đã tải ảnh sản phẩm');
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Tải ảnh thất bại'));
    } finally {
      setBusy(false);
    }
  };
  const remove = (image: ProductImage) =>
    openConfirm({
      message: 'Xóa ảnh này khỏi sản phẩm?',
      onOk: () =>
        toastedWrite(
          async () => {
            onImages(await writes.removeImage(productId, image.id));
            return 'Đã xóa ảnh';
          },
          (error) => writeErrorMessage(error, 'Xóa ảnh thất bại'),
        ),
    });
  return (
    <Stack gap="xs" data-testid="product-images">
      <Group gap="sm">
        {images.map((image, i) => (
          <Box key={image.id} pos="relative" data-testid="product-image">
            <AuthedImage path={image.url} alt={`Ảnh sản phẩm ${i + 1}`} size={88} />
            <ActionIcon
              pos="absolute"
              top={2}
              right={2}
              size="sm"
              color="red"
              radius="xl"
              aria-label="Xóa ảnh"
              disabled={disabled}
              onClick={() => void remove(image)}
            >
              <IconX size={14} />
            </ActionIcon>
          </Box>
        ))}
        {images.length === 0 && (
          <Text size="sm" c="dimmed">
            Chưa có ảnh.
          </Text>
        )}
      </Group>
      <Group>
        <FileButton onChange={(files) => void upload(files)} accept={PRODUCT_IMAGE_TYPES.join(',')} multiple>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="compact-md"
              leftSection={<IconPhotoPlus size={16} />}
              loading={busy}
              disabled={disabled || images.length >= MAX_PRODUCT_IMAGES}
              data-testid="image-upload"
            >
              Thêm ảnh
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          JPEG, PNG, WebP; tối đa 2 MB mỗi ảnh, {MAX_PRODUCT_IMAGES} ảnh.
        </Text>
      </Group>
    </Stack>
  );
}
