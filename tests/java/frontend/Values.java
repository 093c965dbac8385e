// Constants of all kinds, long/double arithmetic and comparisons, casts,
// arrays of every element type, multi-dimensional arrays, static and
// instance fields, a method with more than 256 locals (wide instructions).
public class Values {
    static long big = 123456789012345L;
    static double pi = 3.141592653589793;
    float f = 1.5f;
    short sh = 300;
    byte by = -3;
    char ch = 'x';
    boolean flag;

    static double mix(long a, double b, float c, int d) {
        long x = a * 31 + d;
        double y = b / c;
        if (x > 0 && y < 1.0e10 && c != 0.0f) {
            return x % 7 + y - (long) y + (int) c + (short) d + (byte) d + (char) d;
        }
        return -x >>> 3 ^ (x << 2) | ~d;
    }

    static int arrays(int n) {
        int[][] grid = new int[n][n + 1];
        long[] ls = new long[n];
        double[] ds = {1.0, 2.0};
        boolean[] bs = new boolean[2];
        char[] cs = "abc".toCharArray();
        byte[] by = new byte[3];
        short[] ss = new short[3];
        float[] fs = new float[1];
        String[][][] strings = new String[2][][];
        grid[0][0] = ls.length + (int) ds[1] + (bs[0] ? 1 : 0) + cs[2] + by[1] + ss[2] + (int) fs[0];
        return grid[0][0] + strings.length;
    }

    static int manyLocals(int a) {
        int v0 = a, v1 = a + 1, v2 = a + 2, v3 = a + 3, v4 = a + 4, v5 = a + 5, v6 = a + 6, v7 = a + 7;
        long w0 = v0, w1 = v1, w2 = v2, w3 = v3, w4 = v4, w5 = v5, w6 = v6, w7 = v7;
        long w8 = w0 + w1, w9 = w2 + w3, w10 = w4 + w5, w11 = w6 + w7, w12 = w8 + w9, w13 = w10 + w11;
        long x0 = w12, x1 = w13, x2 = x0 + x1, x3 = x2 + 1, x4 = x3 + 1, x5 = x4 + 1, x6 = x5 + 1;
        double d0 = x6, d1 = d0 + 1, d2 = d1 + 1, d3 = d2 + 1, d4 = d3 + 1, d5 = d4 + 1, d6 = d5 + 1;
        double d7 = d6, d8 = d7, d9 = d8, d10 = d9, d11 = d10, d12 = d11, d13 = d12, d14 = d13;
        long y0 = 1, y1 = 2, y2 = 3, y3 = 4, y4 = 5, y5 = 6, y6 = 7, y7 = 8, y8 = 9, y9 = 10;
        long z0 = 1, z1 = 2, z2 = 3, z3 = 4, z4 = 5, z5 = 6, z6 = 7, z7 = 8, z8 = 9, z9 = 10;
        long q0 = 1, q1 = 2, q2 = 3, q3 = 4, q4 = 5, q5 = 6, q6 = 7, q7 = 8, q8 = 9, q9 = 10;
        long r0 = 1, r1 = 2, r2 = 3, r3 = 4, r4 = 5, r5 = 6, r6 = 7, r7 = 8, r8 = 9, r9 = 10;
        long s0 = 1, s1 = 2, s2 = 3, s3 = 4, s4 = 5, s5 = 6, s6 = 7, s7 = 8, s8 = 9, s9 = 10;
        long t0 = 1, t1 = 2, t2 = 3, t3 = 4, t4 = 5, t5 = 6, t6 = 7, t7 = 8, t8 = 9, t9 = 10;
        long u0 = 1, u1 = 2, u2 = 3, u3 = 4, u4 = 5, u5 = 6, u6 = 7, u7 = 8, u8 = 9, u9 = 10;
        long e0 = 1, e1 = 2, e2 = 3, e3 = 4, e4 = 5, e5 = 6, e6 = 7, e7 = 8, e8 = 9, e9 = 10;
        long g0 = 1, g1 = 2, g2 = 3, g3 = 4, g4 = 5, g5 = 6, g6 = 7, g7 = 8, g8 = 9, g9 = 10;
        long h0 = 1, h1 = 2, h2 = 3, h3 = 4, h4 = 5, h5 = 6, h6 = 7, h7 = 8, h8 = 9, h9 = 10;
        int last = a;
        for (int i = 0; i < 3; i++) {
            last += 1000;
        }
        return (int) (d14 + y9 + z9 + q9 + r9 + s9 + t9 + u9 + e9 + g9 + h9) + last;
    }

    public static void main(String[] args) {
        Values v = new Values();
        v.flag = args.length > 2;
        System.out.println(mix(big, pi, v.f, v.sh + v.by + v.ch) + arrays(args.length + 1) + manyLocals(3));
    }
}
