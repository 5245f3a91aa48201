/* giflib peer for `emojisim-bench gif`: the decode loop of giflib's gif2rgb (util/gif2rgb.c,
 * GIF2RGB): every image's rows are read with DGifGetLine onto one screen buffer
 * (interlaced images in pass order), extensions skipped, and the screen converted to RGB
 * through the colour map, as DumpScreen2RGB does, but without writing a file. Timed
 * in-process, so small files are not charged for process start-up. One probe per file
 * giflib decodes (key: the file's name), served with the probe protocol of
 * probe_server.py (process CPU time).
 * Build: cc -O2 -o giflib_decode giflib_decode.c -lgif
 * usage: giflib_decode FILE... */
#include <gif_lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int decode(const char *path, unsigned long *sink) {
    int err = 0;
    GifFileType *gif = DGifOpenFileName(path, &err);
    if (!gif) return -1;
    int w = gif->SWidth, h = gif->SHeight;
    GifRowType *screen = malloc(h * sizeof(GifRowType));
    size_t rowSize = w * sizeof(GifPixelType);
    for (int i = 0; i < h; i++) { screen[i] = malloc(rowSize); memset(screen[i], gif->SBackGroundColor, rowSize); }
    static const int offset[] = {0, 4, 2, 1}, jumps[] = {8, 8, 4, 2};
    GifRecordType rt;
    int ok = 0;
    ColorMapObject *map = NULL;
    do {
        if (DGifGetRecordType(gif, &rt) == GIF_ERROR) { ok = -1; break; }
        if (rt == IMAGE_DESC_RECORD_TYPE) {
            if (DGifGetImageDesc(gif) == GIF_ERROR) { ok = -1; break; }
            int row = gif->Image.Top, col = gif->Image.Left, iw = gif->Image.Width, ih = gif->Image.Height;
            if (col + iw > w || row + ih > h) { ok = -1; break; }
            if (gif->Image.Interlace) {
                for (int p = 0; p < 4; p++)
                    for (int j = row + offset[p]; j < row + ih; j += jumps[p])
                        if (DGifGetLine(gif, &screen[j][col], iw) == GIF_ERROR) { ok = -1; goto done; }
            } else {
                for (int j = 0; j < ih; j++)
                    if (DGifGetLine(gif, &screen[row++][col], iw) == GIF_ERROR) { ok = -1; goto done; }
            }
            map = gif->Image.ColorMap ? gif->Image.ColorMap : gif->SColorMap;
        } else if (rt == EXTENSION_RECORD_TYPE) {
            int code; GifByteType *ext;
            if (DGifGetExtension(gif, &code, &ext) == GIF_ERROR) { ok = -1; break; }
            while (ext) if (DGifGetExtensionNext(gif, &ext) == GIF_ERROR) { ok = -1; goto done; }
        }
    } while (rt != TERMINATE_RECORD_TYPE);
done:
    if (ok == 0 && map) {
        unsigned char *rgb = malloc((size_t)w * h * 3), *p = rgb;
        for (int i = 0; i < h; i++)
            for (int j = 0; j < w; j++) {
                GifColorType *c = &map->Colors[screen[i][j] % map->ColorCount];
                *p++ = c->Red; *p++ = c->Green; *p++ = c->Blue;
            }
        *sink += rgb[w * h * 3 / 2];
        free(rgb);
    }
    for (int i = 0; i < h; i++) free(screen[i]);
    free(screen);
    DGifCloseFile(gif, &err);
    return ok;
}

static const char *base(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int main(int argc, char **argv) {
    unsigned long sink = 0;
    const char **files = calloc(argc, sizeof *files);
    int n = 0;
    for (int f = 1; f < argc; f++) {
        if (decode(argv[f], &sink) != 0) { printf("note\tgiflib rejects %s\n", base(argv[f])); continue; }
        files[n++] = argv[f];
        printf("probe\t%s\t%s\n", base(argv[f]), base(argv[f]));
    }
    printf("ready\n");
    fflush(stdout);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        int i;
        double minSeconds;
        if (sscanf(line, "run %d %lf", &i, &minSeconds) == 2 && i >= 0 && i < n) {
            int runs = 0;
            double t0 = now(), el;
            do { decode(files[i], &sink); runs++; el = now() - t0; } while (el < minSeconds);
            printf("value\t%.9f\n", el / runs);
        } else if (strncmp(line, "finish", 6) == 0) {
            printf("end\n");
            fflush(stdout);
            break;
        } else {
            printf("error\tunknown command\n");
        }
        fflush(stdout);
    }
    free(files);
    return sink == 42;
}
