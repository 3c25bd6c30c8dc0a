-- Typo tolerance of search (docs/decisions/028-search-typo-tolerance.md): the vocabulary of product
-- names, kept by a trigger, and the optimal-string-alignment distance that decides a typo. The names'
-- trigram indexes served the old word-similarity match and have no reader left.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_alt_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a name as full text sees them (the default parser, as the 'simple' configuration of
-- products_search_fts_idx uses it): words, words with digits and the parts of hyphenated words
-- (token types 1, 2, 3, 9, 10, 11), lowercase, 4 letters or more (a typo needs a query word of 5).
CREATE FUNCTION search_words_of(name text) RETURNS SETOF text
LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
	SELECT DISTINCT lower(token) FROM ts_parse('default', name)
	WHERE tokid IN (1, 2, 3, 9, 10, 11) AND char_length(token) >= 4
$$;--> statement-breakpoint
-- Words are added in order, so two concurrent writers of products never wait on each other in a cycle.
CREATE FUNCTION products_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT w FROM search_words_of(NEW."product_name" || ' ' || NEW."product_name_alt") AS w
	ORDER BY w
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "product_name", "product_name_alt"
	ON "products" FOR EACH ROW EXECUTE FUNCTION products_search_words();--> statement-breakpoint
INSERT INTO "search_words" ("word")
	SELECT DISTINCT w FROM "products", search_words_of("product_name" || ' ' || "product_name_alt") AS w
	ORDER BY w
	ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Optimal string alignment distance (Damerau-Levenshtein without edits of a transposed pair): the
-- fewest single-letter insertions, deletions, substitutions and adjacent transpositions turning a
-- into b, or max_distance + 1 as soon as it is known to be larger. A common prefix and suffix are
-- dropped first, only the band of cells within max_distance of the diagonal is computed, and a row
-- whose every cell is over the bound stops it: a typo check costs tens of cells, not n × m.
CREATE FUNCTION osa_distance(a text, b text, max_distance integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	x text[] := regexp_split_to_array(a, '');
	y text[] := regexp_split_to_array(b, '');
	la integer := cardinality(x);
	lb integer := cardinality(y);
	over integer := max_distance + 1;
	p integer := 0;
	s integer := 0;
	before integer[];
	prev integer[];
	cur integer[];
	v integer;
	row_min integer;
BEGIN
	IF abs(la - lb) > max_distance THEN RETURN over; END IF;
	-- A common prefix and suffix cost nothing: the table is built for the differing middle only.
	WHILE p < la AND p < lb AND x[p + 1] = y[p + 1] LOOP p := p + 1; END LOOP;
	WHILE s < la - p AND s < lb - p AND x[la - s] = y[lb - s] LOOP s := s + 1; END LOOP;
	x := x[p + 1:la - s];
	y := y[p + 1:lb - s];
	la := la - p - s;
	lb := lb - p - s;
	IF la = 0 OR lb = 0 THEN RETURN least(greatest(la, lb), over); END IF;
	prev := array_fill(over, ARRAY[lb + 1], ARRAY[0]);
	FOR j IN 0..least(lb, max_distance) LOOP prev[j] := j; END LOOP;
	FOR i IN 1..la LOOP
		cur := array_fill(over, ARRAY[lb + 1], ARRAY[0]);
		IF i <= max_distance THEN cur[0] := i; END IF;
		row_min := cur[0];
		FOR j IN greatest(1, i - max_distance)..least(lb, i + max_distance) LOOP
			v := least(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + CASE WHEN x[i] = y[j] THEN 0 ELSE 1 END);
			IF i > 1 AND j > 1 AND x[i] = y[j - 1] AND x[i - 1] = y[j] THEN
				v := least(v, before[j - 2] + 1);
			END IF;
			cur[j] := least(v, over);
			row_min := least(row_min, cur[j]);
		END LOOP;
		IF row_min >= over THEN RETURN over; END IF;
		before := prev;
		prev := cur;
	END LOOP;
	RETURN prev[lb];
END
$$;
