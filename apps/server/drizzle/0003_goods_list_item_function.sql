-- A goods row as the contract's GoodsListItem, as JSON text with its keys in contract order; the
-- goods table keeps it in the generated column list_item (ADR 0011). Declared immutable so that a
-- generated column may use it: it reads nothing but its arguments, and the JSON of integers,
-- text, booleans and their arrays does not depend on any setting.
CREATE FUNCTION goods_list_item(
  p_id integer, p_name text, p_subtitle text, p_brand text, p_price_cents integer,
  p_original_price_cents integer, p_unit text, p_images text[], p_tag_ids integer[], p_sales integer,
  p_category1 integer, p_category2 integer, p_category3 integer, p_is_package boolean,
  p_package_price_mode text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT row_to_json(item)::text FROM (
    SELECT p_id AS id, p_name AS name, p_subtitle AS subtitle, p_brand AS brand, p_price_cents AS price,
      p_original_price_cents AS "originalPrice", p_unit AS unit, coalesce(p_images[1], '') AS cover,
      p_tag_ids AS "tagIds", p_sales AS sales, p_category1 AS category1, p_category2 AS category2,
      p_category3 AS category3, p_is_package AS "isPackage", p_package_price_mode AS "packagePriceMode"
  ) item
$$;
