// The image and the region of a new instance, side by side; a snapshot fixes the image.
import { SelectField } from "@/components/ui/field";

type Named = { id: string; name: string };

type ImageRegionFieldsProps = {
  products: readonly Named[];
  regions: readonly Named[];
  product?: string;
  region?: string;
  onProduct: (id: string) => void;
  onRegion: (id: string) => void;
  errors: { product?: string; region?: string };
  /** Starting from a snapshot: the image is the snapshot's, not a choice. */
  restoring: boolean;
};

export function ImageRegionFields({ products, regions, product, region, onProduct, onRegion, errors, restoring }: ImageRegionFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Image"
        name="product"
        value={product}
        onChange={(e) => onProduct(e.target.value)}
        error={errors.product}
        disabled={restoring}
        title={restoring ? "The snapshot's image" : undefined}
      >
        {products.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Region" name="region" value={region} onChange={(e) => onRegion(e.target.value)} error={errors.region}>
        {regions.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name} ({choice.id})
          </option>
        ))}
      </SelectField>
    </div>
  );
}
