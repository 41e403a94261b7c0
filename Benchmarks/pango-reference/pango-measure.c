/*
 * pango-measure: the Pango reference for `transcript measure`.
 *
 * Reads an NDJSON message stream (the project's wire format), lays out the
 * text of every message with Pango (PangoFT2, HarfBuzz shaping) using exactly
 * the font file(s) given, and prints one line per message:
 *
 *     ID<TAB>LINES<TAB>WIDEST
 *
 * WIDEST is the widest line's logical width in pixels with 2 decimals, trailing
 * white space not counted. See README.md next to this file for the exact rules.
 *
 * Build:
 *   gcc -O2 -o pango-measure pango-measure.c \
 *       $(pkg-config --cflags --libs pangoft2 pango harfbuzz fontconfig glib-2.0)
 *
 * Usage:
 *   pango-measure --font PATH [--font PATH ...] --size PX --wrap PX
 *                 [--no-hyphens] [--features "kern=0,liga=0"] [--language TAG]
 *                 [--time] [--repeat R] [FILE|-]
 *   pango-measure --font PATH --size PX [--wrap PX] --probe TEXT [TEXT ...]
 */

#define PANGO_DISABLE_DEPRECATED 1
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fontconfig/fontconfig.h>
#include <glib.h>
#include <pango/pango.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

/* ------------------------------------------------------------------------ */
/* Messages                                                                  */

typedef struct {
  char *id;
  char *text;      /* UTF-8, NUL-terminated (a \u0000 escape ends it early) */
  int text_len;    /* bytes, up to the first NUL */
  long order;      /* position: inserts count up, prepends count down */
  gboolean alive;
} Message;

typedef struct {
  GPtrArray *all;        /* Message* */
  GHashTable *by_id;     /* id -> Message* (alive only) */
  long next_back;
  long next_front;
} Store;

static void store_init (Store *s)
{
  s->all = g_ptr_array_new ();
  s->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  s->next_back = 0;
  s->next_front = -1;
}

/* ------------------------------------------------------------------------ */
/* A small JSON reader: enough to pull "op", and "id"/"text" out of items.   */

typedef struct {
  const char *p;
  const char *end;
  int depth;
} Json;

static void skip_ws (Json *j)
{
  while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n'))
    j->p++;
}

static int hex4 (const char *p, const char *end, unsigned *out)
{
  unsigned v = 0;
  if (end - p < 4)
    return 0;
  for (int i = 0; i < 4; i++)
    {
      char c = p[i];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= (unsigned) (c - '0');
      else if (c >= 'a' && c <= 'f') v |= (unsigned) (c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= (unsigned) (c - 'A' + 10);
      else return 0;
    }
  *out = v;
  return 1;
}

/* Parses a JSON string at j->p (which must be '"'). If out is not NULL the
 * decoded UTF-8 is appended to it. Returns 0 on malformed input. A lone
 * surrogate escape decodes to U+FFFD. */
static int parse_string (Json *j, GString *out)
{
  if (j->p >= j->end || *j->p != '"')
    return 0;
  j->p++;
  while (j->p < j->end)
    {
      unsigned char c = (unsigned char) *j->p;
      if (c == '"')
        {
          j->p++;
          return 1;
        }
      if (c < 0x20)
        return 0;
      if (c != '\\')
        {
          const char *start = j->p;
          while (j->p < j->end && *j->p != '"' && *j->p != '\\' && (unsigned char) *j->p >= 0x20)
            j->p++;
          if (out)
            g_string_append_len (out, start, j->p - start);
          continue;
        }
      j->p++;
      if (j->p >= j->end)
        return 0;
      char e = *j->p++;
      gunichar u;
      switch (e)
        {
        case '"': u = '"'; break;
        case '\\': u = '\\'; break;
        case '/': u = '/'; break;
        case 'b': u = '\b'; break;
        case 'f': u = '\f'; break;
        case 'n': u = '\n'; break;
        case 'r': u = '\r'; break;
        case 't': u = '\t'; break;
        case 'u':
          {
            unsigned hi, lo;
            if (!hex4 (j->p, j->end, &hi))
              return 0;
            j->p += 4;
            if (hi >= 0xD800 && hi <= 0xDBFF)
              {
                if (j->end - j->p >= 6 && j->p[0] == '\\' && j->p[1] == 'u' &&
                    hex4 (j->p + 2, j->end, &lo) && lo >= 0xDC00 && lo <= 0xDFFF)
                  {
                    j->p += 6;
                    u = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                  }
                else
                  u = 0xFFFD;
              }
            else if (hi >= 0xDC00 && hi <= 0xDFFF)
              u = 0xFFFD;
            else
              u = hi;
            break;
          }
        default:
          return 0;
        }
      if (out)
        g_string_append_unichar (out, u);
    }
  return 0;
}

static int skip_value (Json *j);

static int skip_container (Json *j, char open, char close)
{
  if (++j->depth > 512)
    return 0;
  j->p++; /* open */
  skip_ws (j);
  if (j->p < j->end && *j->p == close)
    {
      j->p++;
      j->depth--;
      return 1;
    }
  for (;;)
    {
      skip_ws (j);
      if (open == '{')
        {
          if (!parse_string (j, NULL))
            return 0;
          skip_ws (j);
          if (j->p >= j->end || *j->p != ':')
            return 0;
          j->p++;
          skip_ws (j);
        }
      if (!skip_value (j))
        return 0;
      skip_ws (j);
      if (j->p >= j->end)
        return 0;
      if (*j->p == ',')
        {
          j->p++;
          continue;
        }
      if (*j->p == close)
        {
          j->p++;
          j->depth--;
          return 1;
        }
      return 0;
    }
}

static int skip_value (Json *j)
{
  skip_ws (j);
  if (j->p >= j->end)
    return 0;
  switch (*j->p)
    {
    case '"': return parse_string (j, NULL);
    case '{': return skip_container (j, '{', '}');
    case '[': return skip_container (j, '[', ']');
    default:
      {
        const char *start = j->p;
        while (j->p < j->end && (g_ascii_isalnum (*j->p) || *j->p == '-' || *j->p == '+' || *j->p == '.'))
          j->p++;
        return j->p > start;
      }
    }
}

/* An item object: fills id and text (text NULL when absent or not a string). */
static int parse_item (Json *j, GString *id, GString **text, gboolean *has_id)
{
  skip_ws (j);
  if (j->p >= j->end || *j->p != '{')
    return skip_value (j);
  j->p++;
  *has_id = FALSE;
  *text = NULL;
  skip_ws (j);
  if (j->p < j->end && *j->p == '}')
    {
      j->p++;
      return 1;
    }
  GString *key = g_string_new (NULL);
  for (;;)
    {
      skip_ws (j);
      g_string_truncate (key, 0);
      if (!parse_string (j, key))
        goto bad;
      skip_ws (j);
      if (j->p >= j->end || *j->p != ':')
        goto bad;
      j->p++;
      skip_ws (j);
      if (strcmp (key->str, "id") == 0 && j->p < j->end && *j->p == '"')
        {
          g_string_truncate (id, 0);
          if (!parse_string (j, id))
            goto bad;
          *has_id = TRUE;
        }
      else if (strcmp (key->str, "text") == 0 && j->p < j->end && *j->p == '"')
        {
          if (*text)
            g_string_free (*text, TRUE);
          *text = g_string_new (NULL);
          if (!parse_string (j, *text))
            goto bad;
        }
      else if (!skip_value (j))
        goto bad;
      skip_ws (j);
      if (j->p >= j->end)
        goto bad;
      if (*j->p == ',')
        {
          j->p++;
          continue;
        }
      if (*j->p == '}')
        {
          j->p++;
          break;
        }
      goto bad;
    }
  g_string_free (key, TRUE);
  return 1;
bad:
  g_string_free (key, TRUE);
  if (*text)
    {
      g_string_free (*text, TRUE);
      *text = NULL;
    }
  return 0;
}

enum { OP_NONE, OP_INSERT, OP_UPDATE, OP_PREPEND, OP_DELETE };

static void apply_item (Store *s, int op, GString *id, GString *text, long order)
{
  Message *old = g_hash_table_lookup (s->by_id, id->str);
  if (op == OP_UPDATE)
    {
      if (!old)
        return;
      if (!text)
        {
          /* an update without text: the item no longer has text to measure */
          old->alive = FALSE;
          g_hash_table_remove (s->by_id, id->str);
          return;
        }
      g_free (old->text);
      old->text = g_strndup (text->str, text->len);
      old->text_len = (int) strlen (old->text);
      return;
    }
  if (old)
    return; /* the wire format rejects a duplicate id; keep the first */
  Message *m = g_new0 (Message, 1);
  m->id = g_strndup (id->str, id->len);
  m->text = text ? g_strndup (text->str, text->len) : NULL;
  m->text_len = m->text ? (int) strlen (m->text) : 0;
  m->order = order;
  m->alive = TRUE;
  g_ptr_array_add (s->all, m);
  g_hash_table_insert (s->by_id, m->id, m);
}

static void parse_line (Store *s, const char *line, size_t len)
{
  Json j = { line, line + len, 0 };
  int op = OP_NONE;
  skip_ws (&j);
  if (j.p >= j.end || *j.p != '{')
    return;
  j.p++;
  /* Items are parsed as they come; "op" may follow "item", so remember the
   * raw item span and parse it once the object is read. */
  const char *item_at = NULL, *items_at = NULL, *del_id_at = NULL;
  GString *key = g_string_new (NULL);
  GString *opname = g_string_new (NULL);
  skip_ws (&j);
  if (j.p < j.end && *j.p == '}')
    goto done;
  for (;;)
    {
      skip_ws (&j);
      g_string_truncate (key, 0);
      if (!parse_string (&j, key))
        goto done;
      skip_ws (&j);
      if (j.p >= j.end || *j.p != ':')
        goto done;
      j.p++;
      skip_ws (&j);
      if (strcmp (key->str, "op") == 0 && j.p < j.end && *j.p == '"')
        {
          g_string_truncate (opname, 0);
          if (!parse_string (&j, opname))
            goto done;
        }
      else
        {
          if (strcmp (key->str, "item") == 0) item_at = j.p;
          else if (strcmp (key->str, "items") == 0) items_at = j.p;
          else if (strcmp (key->str, "id") == 0) del_id_at = j.p;
          if (!skip_value (&j))
            goto done;
        }
      skip_ws (&j);
      if (j.p >= j.end)
        goto done;
      if (*j.p == ',')
        {
          j.p++;
          continue;
        }
      if (*j.p == '}')
        break;
      goto done;
    }

  if (strcmp (opname->str, "insert") == 0) op = OP_INSERT;
  else if (strcmp (opname->str, "update") == 0) op = OP_UPDATE;
  else if (strcmp (opname->str, "prepend") == 0) op = OP_PREPEND;
  else if (strcmp (opname->str, "delete") == 0) op = OP_DELETE;

  GString *id = g_string_new (NULL);
  if ((op == OP_INSERT || op == OP_UPDATE) && item_at)
    {
      Json ij = { item_at, line + len, 0 };
      GString *text = NULL;
      gboolean has_id = FALSE;
      if (parse_item (&ij, id, &text, &has_id) && has_id)
        apply_item (s, op, id, text, s->next_back++);
      if (text)
        g_string_free (text, TRUE);
    }
  else if (op == OP_PREPEND && items_at && *items_at == '[')
    {
      /* count the items first so that they keep their order in front */
      GPtrArray *ids = g_ptr_array_new ();
      GPtrArray *texts = g_ptr_array_new ();
      Json ij = { items_at + 1, line + len, 0 };
      for (;;)
        {
          skip_ws (&ij);
          if (ij.p >= ij.end || *ij.p == ']')
            break;
          GString *text = NULL;
          gboolean has_id = FALSE;
          g_string_truncate (id, 0);
          if (!parse_item (&ij, id, &text, &has_id))
            break;
          if (has_id)
            {
              g_ptr_array_add (ids, g_strdup (id->str));
              g_ptr_array_add (texts, text);
            }
          else if (text)
            g_string_free (text, TRUE);
          skip_ws (&ij);
          if (ij.p < ij.end && *ij.p == ',')
            ij.p++;
        }
      long first = s->next_front - (long) ids->len + 1;
      for (guint i = 0; i < ids->len; i++)
        {
          g_string_assign (id, ids->pdata[i]);
          apply_item (s, OP_PREPEND, id, texts->pdata[i], first + (long) i);
          g_free (ids->pdata[i]);
          if (texts->pdata[i])
            g_string_free (texts->pdata[i], TRUE);
        }
      s->next_front = first - 1;
      g_ptr_array_free (ids, TRUE);
      g_ptr_array_free (texts, TRUE);
    }
  else if (op == OP_DELETE && del_id_at && *del_id_at == '"')
    {
      Json ij = { del_id_at, line + len, 0 };
      if (parse_string (&ij, id))
        {
          Message *m = g_hash_table_lookup (s->by_id, id->str);
          if (m)
            {
              m->alive = FALSE;
              g_hash_table_remove (s->by_id, id->str);
            }
        }
    }
  g_string_free (id, TRUE);
done:
  g_string_free (key, TRUE);
  g_string_free (opname, TRUE);
}

static int cmp_order (gconstpointer a, gconstpointer b)
{
  const Message *x = *(Message * const *) a, *y = *(Message * const *) b;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* Reads the stream; returns the messages with text, in transcript order. */
static GPtrArray *read_messages (const char *path)
{
  gchar *data = NULL;
  gsize size = 0;
  GError *err = NULL;
  if (strcmp (path, "-") == 0)
    {
      GString *buf = g_string_new (NULL);
      char chunk[65536];
      size_t n;
      while ((n = fread (chunk, 1, sizeof chunk, stdin)) > 0)
        g_string_append_len (buf, chunk, (gssize) n);
      size = buf->len;
      data = g_string_free (buf, FALSE);
    }
  else if (!g_file_get_contents (path, &data, &size, &err))
    {
      fprintf (stderr, "pango-measure: %s\n", err->message);
      exit (1);
    }
  Store s;
  store_init (&s);
  const char *p = data, *end = data + size;
  if (size >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *le = nl ? nl : end;
      if (g_utf8_validate (p, le - p, NULL))
        parse_line (&s, p, (size_t) (le - p));
      p = nl ? nl + 1 : end;
    }
  g_free (data);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < s.all->len; i++)
    {
      Message *m = s.all->pdata[i];
      if (m->alive && m->text)
        g_ptr_array_add (out, m);
    }
  g_ptr_array_sort (out, cmp_order);
  return out;
}

/* ------------------------------------------------------------------------ */
/* Pango setup                                                              */

static void no_hinting_substitute (FcPattern *pattern, gpointer data)
{
  (void) data;
  FcPatternDel (pattern, FC_HINTING);
  FcPatternAddBool (pattern, FC_HINTING, FcFalse);
  FcPatternDel (pattern, FC_HINT_STYLE);
  FcPatternAddInteger (pattern, FC_HINT_STYLE, FC_HINT_NONE);
  FcPatternDel (pattern, FC_AUTOHINT);
  FcPatternAddBool (pattern, FC_AUTOHINT, FcFalse);
}

typedef struct {
  PangoFontMap *fontmap;
  PangoContext *context;
  PangoLayout *layout;
  char *families;
} Setup;

static Setup setup_pango (GPtrArray *fonts, double size, double wrap, gboolean hyphens, const char *language,
                          const char *features)
{
  Setup st;
  FcConfig *config = FcConfigCreate ();
  GString *families = g_string_new (NULL);
  for (guint i = 0; i < fonts->len; i++)
    {
      const char *path = fonts->pdata[i];
      if (!FcConfigAppFontAddFile (config, (const FcChar8 *) path))
        {
          fprintf (stderr, "pango-measure: fontconfig cannot read the font file %s\n", path);
          exit (1);
        }
      /* The family of this file's first face (face index 0). */
      FcFontSet *set = FcConfigGetFonts (config, FcSetApplication);
      const char *family = NULL;
      for (int k = 0; set && k < set->nfont; k++)
        {
          FcChar8 *file = NULL, *fam = NULL;
          int index = 0;
          if (FcPatternGetString (set->fonts[k], FC_FILE, 0, &file) == FcResultMatch &&
              strcmp ((const char *) file, path) == 0 &&
              FcPatternGetInteger (set->fonts[k], FC_INDEX, 0, &index) == FcResultMatch &&
              (index & 0xFFFF) == 0 &&
              FcPatternGetString (set->fonts[k], FC_FAMILY, 0, &fam) == FcResultMatch)
            {
              family = (const char *) fam;
              break;
            }
        }
      if (!family)
        {
          fprintf (stderr, "pango-measure: no face found in %s\n", path);
          exit (1);
        }
      if (families->len)
        g_string_append_c (families, ',');
      g_string_append (families, family);
    }

  st.fontmap = pango_ft2_font_map_new ();
  pango_fc_font_map_set_config (PANGO_FC_FONT_MAP (st.fontmap), config);
  pango_fc_font_map_set_default_substitute (PANGO_FC_FONT_MAP (st.fontmap), no_hinting_substitute, NULL, NULL);
  FcConfigDestroy (config); /* the font map holds a reference */

  st.context = pango_font_map_create_context (st.fontmap);
  pango_context_set_round_glyph_positions (st.context, FALSE);
  pango_context_set_language (st.context, pango_language_from_string (language));
  pango_context_set_base_dir (st.context, PANGO_DIRECTION_LTR);

  PangoFontDescription *desc = pango_font_description_new ();
  pango_font_description_set_family (desc, families->str);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_context_set_font_description (st.context, desc);
  pango_font_description_free (desc);

  st.layout = pango_layout_new (st.context);
  pango_layout_set_width (st.layout, wrap > 0 ? (int) lround (wrap * PANGO_SCALE) : -1);
  pango_layout_set_wrap (st.layout, PANGO_WRAP_WORD_CHAR);
  if (!hyphens || features)
    {
      PangoAttrList *attrs = pango_attr_list_new ();
      if (!hyphens)
        pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
      if (features)
        pango_attr_list_insert (attrs, pango_attr_font_features_new (features));
      pango_layout_set_attributes (st.layout, attrs);
      pango_attr_list_unref (attrs);
    }
  st.families = g_string_free (families, FALSE);
  return st;
}

/* Width of a line in Pango units without its trailing white space: the sum
 * of the advances of the glyphs whose cluster starts before the first
 * trailing white-space character. White space is g_unichar_isspace, which is
 * Pango's own is_white (Zs, Zl, Zp, \t \n \v \f \r). */
static int line_width_without_trailing_space (PangoLayoutLine *line, const char *text)
{
  const char *start = text + line->start_index;
  const char *p = start + line->length;
  while (p > start)
    {
      const char *q = g_utf8_prev_char (p);
      if (!g_unichar_isspace (g_utf8_get_char (q)))
        break;
      p = q;
    }
  int cut = (int) (p - text); /* byte index of the first trailing white space */
  int width = 0;
  for (GSList *r = line->runs; r; r = r->next)
    {
      PangoGlyphItem *run = r->data;
      PangoGlyphString *g = run->glyphs;
      int offset = run->item->offset;
      for (int i = 0; i < g->num_glyphs; i++)
        if (offset + g->log_clusters[i] < cut)
          width += g->glyphs[i].geometry.width;
    }
  return width;
}

typedef struct {
  int lines;
  int widest; /* Pango units */
} Result;

static inline void measure (PangoLayout *layout, const Message *m, Result *out)
{
  pango_layout_set_text (layout, m->text, m->text_len);
  int widest = 0;
  int n = 0;
  for (GSList *l = pango_layout_get_lines_readonly (layout); l; l = l->next)
    {
      int w = line_width_without_trailing_space (l->data, m->text);
      if (w > widest)
        widest = w;
      n++;
    }
  out->lines = n;
  out->widest = widest;
}

static double now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static int cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* ------------------------------------------------------------------------ */
/* --probe: what Pango does with a few strings, for the Swift side.          */

static void probe (Setup *st, int argc, char **argv)
{
  PangoLayout *layout = st->layout;
  for (int a = 0; a < argc; a++)
    {
      const char *text = argv[a];
      pango_layout_set_text (layout, text, -1);
      PangoRectangle ink, logical;
      pango_layout_get_extents (layout, &ink, &logical);
      printf ("text \"%s\": %d lines, layout logical %d x %d units (%.4f x %.4f px), baseline %d\n",
              text, pango_layout_get_line_count (layout), logical.width, logical.height,
              logical.width / (double) PANGO_SCALE, logical.height / (double) PANGO_SCALE,
              pango_layout_get_baseline (layout));
      int ln = 0;
      for (GSList *l = pango_layout_get_lines_readonly (layout); l; l = l->next, ln++)
        {
          PangoLayoutLine *line = l->data;
          PangoRectangle lr;
          pango_layout_line_get_extents (line, NULL, &lr);
          int w = line_width_without_trailing_space (line, text);
          printf ("  line %d: bytes [%d,%d) \"%.*s\" logical width %d, without trailing space %d (%.4f px), height %d\n",
                  ln, line->start_index, line->start_index + line->length, line->length,
                  text + line->start_index, lr.width, w, w / (double) PANGO_SCALE, lr.height);
          for (GSList *r = line->runs; r; r = r->next)
            {
              PangoGlyphItem *run = r->data;
              PangoFont *font = run->item->analysis.font;
              PangoFontDescription *fd = pango_font_describe_with_absolute_size (font);
              char *fds = pango_font_description_to_string (fd);
              printf ("    run [%d,+%d) level %d script %d font \"%s\":", run->item->offset, run->item->length,
                      run->item->analysis.level, run->item->analysis.script, fds);
              g_free (fds);
              pango_font_description_free (fd);
              for (int i = 0; i < run->glyphs->num_glyphs; i++)
                {
                  PangoGlyphInfo *gi = &run->glyphs->glyphs[i];
                  printf (" g%u:%d", gi->glyph, gi->geometry.width);
                  if (gi->geometry.x_offset || gi->geometry.y_offset)
                    printf ("(off %d,%d)", gi->geometry.x_offset, gi->geometry.y_offset);
                  printf ("@%d", run->item->offset + run->glyphs->log_clusters[i]);
                }
              printf ("\n");
            }
        }
      PangoFontMetrics *metrics = pango_context_get_metrics (st->context, NULL, NULL);
      if (a == 0)
        printf ("metrics: ascent %d descent %d height %d (units)\n",
                pango_font_metrics_get_ascent (metrics), pango_font_metrics_get_descent (metrics),
                pango_font_metrics_get_height (metrics));
      pango_font_metrics_unref (metrics);
    }
}

/* ------------------------------------------------------------------------ */

static void usage (void)
{
  fprintf (stderr,
           "usage: pango-measure --font PATH [--font PATH ...] --size PX --wrap PX\n"
           "                     [--no-hyphens] [--features \"kern=0,liga=0\"] [--language TAG]\n"
           "                     [--time] [--repeat R] [FILE|-]\n"
           "       pango-measure --font PATH --size PX [--wrap PX] --probe TEXT [TEXT ...]\n");
  exit (2);
}

static double parse_number (const char *opt, const char *s)
{
  char *end = NULL;
  errno = 0;
  double v = g_ascii_strtod (s, &end);
  if (errno || !end || *end || !(v > 0) || v > 100000)
    {
      fprintf (stderr, "pango-measure: %s wants a positive number, not \"%s\"\n", opt, s);
      exit (2);
    }
  return v;
}

int main (int argc, char **argv)
{
  GPtrArray *fonts = g_ptr_array_new ();
  double size = 0, wrap = 0;
  int repeat = 1;
  gboolean timing = FALSE, hyphens = TRUE, do_probe = FALSE;
  const char *input = "-";
  const char *language = "en";
  const char *features = NULL;
  int i;
  for (i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--font") == 0 && i + 1 < argc) g_ptr_array_add (fonts, argv[++i]);
      else if (strcmp (a, "--size") == 0 && i + 1 < argc) size = parse_number (a, argv[++i]);
      else if (strcmp (a, "--wrap") == 0 && i + 1 < argc) wrap = parse_number (a, argv[++i]);
      else if (strcmp (a, "--repeat") == 0 && i + 1 < argc) repeat = (int) parse_number (a, argv[++i]);
      else if (strcmp (a, "--language") == 0 && i + 1 < argc) language = argv[++i];
      else if (strcmp (a, "--features") == 0 && i + 1 < argc) features = argv[++i];
      else if (strcmp (a, "--time") == 0) timing = TRUE;
      else if (strcmp (a, "--no-hyphens") == 0) hyphens = FALSE;
      else if (strcmp (a, "--probe") == 0) { do_probe = TRUE; i++; break; }
      else if (strcmp (a, "-h") == 0 || strcmp (a, "--help") == 0) usage ();
      else if (a[0] == '-' && a[1] != '\0') usage ();
      else input = a;
    }
  if (fonts->len == 0 || size <= 0 || (!do_probe && wrap <= 0))
    usage ();

  Setup st = setup_pango (fonts, size, wrap, hyphens, language, features);

  if (do_probe)
    {
      probe (&st, argc - i, argv + i);
      return 0;
    }

  GPtrArray *msgs = read_messages (input);
  Result *res = g_new0 (Result, msgs->len ? msgs->len : 1);
  double *secs = g_new0 (double, repeat);
  size_t bytes = 0;
  for (guint k = 0; k < msgs->len; k++)
    bytes += (size_t) ((Message *) msgs->pdata[k])->text_len;

  for (int r = 0; r < repeat; r++)
    {
      double t0 = now ();
      for (guint k = 0; k < msgs->len; k++)
        measure (st.layout, msgs->pdata[k], &res[k]);
      secs[r] = now () - t0;
    }

  GString *out = g_string_sized_new (msgs->len * 24 + 16);
  for (guint k = 0; k < msgs->len; k++)
    {
      const Message *m = msgs->pdata[k];
      g_string_append_printf (out, "%s\t%d\t%.2f\n", m->id, res[k].lines, res[k].widest / (double) PANGO_SCALE);
    }
  fwrite (out->str, 1, out->len, stdout);
  fflush (stdout);

  if (timing)
    {
      double total = 0;
      for (int r = 0; r < repeat; r++)
        total += secs[r];
      qsort (secs, (size_t) repeat, sizeof (double), cmp_double);
      double median = repeat % 2 ? secs[repeat / 2] : (secs[repeat / 2 - 1] + secs[repeat / 2]) / 2;
      fprintf (stderr,
               "pango %s: %u messages, %zu bytes, wrap %g px @ %g px: median %.4f s, %.3f MB/s "
               "(%d passes, fastest %.4f s, slowest %.4f s, total %.4f s)\n",
               pango_version_string (), msgs->len, bytes, wrap, size, median,
               median > 0 ? bytes / median / 1e6 : 0.0, repeat, secs[0], secs[repeat - 1], total);
      fprintf (stderr,
               "{\"tool\":\"pango\",\"pango\":\"%s\",\"messages\":%u,\"bytes\":%zu,\"repeat\":%d,"
               "\"seconds\":%.6f,\"medianSeconds\":%.6f,\"minSeconds\":%.6f,\"maxSeconds\":%.6f,"
               "\"mbPerSecond\":%.4f}\n",
               pango_version_string (), msgs->len, bytes, repeat, total, median, secs[0], secs[repeat - 1],
               median > 0 ? bytes / median / 1e6 : 0.0);
    }
  return 0;
}
