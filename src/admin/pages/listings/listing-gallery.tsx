import { Empty, Grid, Image, Typography } from 'antd';
import { cloneElement, useState, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../components/visually-hidden';
import { CloseOutlined, IMAGE_PREVIEW_ICONS } from '../../icons';

/** docs/product.md §23: the gallery shows five photos; a sixth tile opens them all. */
const GALLERY_SIZE = 5;

const TILE_HEIGHT = 170;

const tileStyle: CSSProperties = {
  position: 'relative',
  height: TILE_HEIGHT,
  padding: 0,
  border: 'none',
  borderRadius: 8,
  overflow: 'hidden',
  cursor: 'pointer',
  background: '#f0f0f0',
};

const imageStyle: CSSProperties = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' };

interface ListingGalleryProps {
  title: string;
  urls: string[];
}

/** Five photos and a sixth overlay tile ("+N photos" or "Show all photos") opening a preview of every photo. */
export function ListingGallery({ title, urls }: ListingGalleryProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ isOpen: boolean; current: number }>({ isOpen: false, current: 0 });
  // Six tiles as three by two, or two by three on a phone.
  const columns = Grid.useBreakpoint().md ? 3 : 2;
  if (urls.length === 0) return <Empty description={t('admin.listings.detail.gallery.noPhotos')} />;

  const shown = urls.slice(0, GALLERY_SIZE);
  const hiddenCount = urls.length - shown.length;
  // The overlay tile pictures the first photo not shown, or the first one when all five are shown.
  const overlayIndex = hiddenCount > 0 ? GALLERY_SIZE : 0;
  const open = (current: number) => setPreview({ isOpen: true, current });
  const altOf = (index: number) => t('admin.listings.detail.gallery.photoAlt', { number: index + 1, title });

  return (
    <section aria-label={t('admin.listings.detail.gallery.label')}>
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 8 }}>
        {shown.map((url, index) => (
          <button
            key={`${index}-${url}`}
            type="button"
            style={tileStyle}
            aria-label={t('admin.listings.detail.gallery.openPhoto', { number: index + 1, total: urls.length })}
            onClick={() => open(index)}
          >
            <img src={url} alt={altOf(index)} style={imageStyle} loading="lazy" />
          </button>
        ))}
        <button type="button" style={tileStyle} onClick={() => open(overlayIndex)}>
          <img src={urls[overlayIndex]} alt="" style={{ ...imageStyle, filter: 'brightness(0.45)' }} loading="lazy" />
          <Typography.Text
            strong
            style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: '#fff', background: 'rgba(0, 0, 0, 0.55)', fontSize: 16 }}
          >
            {hiddenCount > 0 ? t('admin.listings.detail.gallery.morePhotos', { count: hiddenCount }) : t('admin.listings.detail.gallery.showAll')}
          </Typography.Text>
        </button>
      </div>
      <Image.PreviewGroup
        items={urls.map((src, index) => ({ src, alt: altOf(index) }))}
        // antd's icons would be read by their file names; the close button gets a name of its own.
        icons={IMAGE_PREVIEW_ICONS}
        preview={{
          // The preview is a dialog: named by the listing's photos; its picture keeps its alt text,
          // which antd's group drops.
          title: <VisuallyHidden>{t('admin.listings.detail.gallery.label')}</VisuallyHidden>,
          imageRender: (image, { current }) => cloneElement(image as ReactElement<{ alt?: string }>, { alt: altOf(current ?? preview.current) }),
          closeIcon: (
            <>
              <CloseOutlined />
              <VisuallyHidden>{t('admin.framework.buttons.close')}</VisuallyHidden>
            </>
          ),
          visible: preview.isOpen,
          current: preview.current,
          onVisibleChange: (isOpen) => setPreview((state) => ({ ...state, isOpen })),
          onChange: (current) => setPreview((state) => ({ ...state, current })),
        }}
      />
    </section>
  );
}
