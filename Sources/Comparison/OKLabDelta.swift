/// The colour distance of pixelmatch's main branch (commit c6fee35, after 7.2.0), operation for
/// operation in Double so that every decision is the one JavaScript makes: Björn Ottosson's OKLab
/// (2020) with his toe-corrected lightness Lr and the HyAB distance |ΔLr| + √(Δa² + Δb²) of Abasi
/// et al. (2019), 1 between black and white.
///
/// pixelmatch computes sRGB → linear and the cube root through tables with linear interpolation;
/// these are the same tables, built from the same values: V8 computes `x ** 2.4` and `Math.cbrt`
/// with fdlibm's algorithms, which differ from the C library's in the last bit for some inputs,
/// so the 256 linear values are V8's, written out, and `cubeRoot` is fdlibm's (FreeBSD
/// `s_cbrt.c`). A test holds both tables against node's.
enum OKLabDelta {
    /// Whether two straight pixels (not equal) are further apart than `threshold`: 0 if not,
    /// otherwise −1 when `q` is lighter and 1 when it is darker. `k` is the byte offset of the
    /// pixel, which picks the checkerboard's colour under a pixel that is not opaque.
    @inline(__always)
    static func exceeds(_ p: UInt32, _ q: UInt32, offset k: Int, threshold: Double) -> Int {
        if p >> 24 == 255 && q >> 24 == 255 {
            let c1 = lms(p)
            let c2 = lms(q)
            return hyab(c1.lr - c2.lr, c1.l - c2.l, c1.m - c2.m, c1.s - c2.s, threshold)
        }
        let rb = Double(48 + 159 * (k % 2))
        let gb = Double(48 + 159 * (Int(Double(k) / 1.618033988749895) % 2))
        let bb = Double(48 + 159 * (Int(Double(k) / 2.618033988749895) % 2))
        let c1 = blended(p, rb, gb, bb)
        let c2 = blended(q, rb, gb, bb)
        return hyab(c1.lr - c2.lr, c1.l - c2.l, c1.m - c2.m, c1.s - c2.s, threshold)
    }

    /// The brightness difference the anti-aliasing detector of this version uses (its
    /// `brightnessDelta`): Rec. 601 luma of `center` minus `neighbour`, both blended over white;
    /// when that is 0 but alpha differs, half the alpha difference.
    @inline(__always)
    static func brightness(_ center: UInt32, _ neighbour: UInt32) -> Double {
        if center == neighbour { return 0 }
        let r1 = Int(center & 0xFF)
        let g1 = Int((center >> 8) & 0xFF)
        let b1 = Int((center >> 16) & 0xFF)
        let a1 = Int(center >> 24)
        let r2 = Int(neighbour & 0xFF)
        let g2 = Int((neighbour >> 8) & 0xFF)
        let b2 = Int((neighbour >> 16) & 0xFF)
        let a2 = Int(neighbour >> 24)
        let da = a1 - a2
        if a1 < 255 || a2 < 255 {
            let dr = Double(r1 * a1 - r2 * a2 - 255 * da) / 255
            let dg = Double(g1 * a1 - g2 * a2 - 255 * da) / 255
            let db = Double(b1 * a1 - b2 * a2 - 255 * da) / 255
            let d = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
            return d == 0 && da != 0 ? Double(da) / 2 : d
        }
        return Double(r1 - r2) * 0.29889531 + Double(g1 - g2) * 0.58662247 + Double(b1 - b2) * 0.11448223
    }

    /// Cube-rooted LMS and Lr of an opaque pixel, from the per-channel tables.
    @inline(__always)
    private static func lms(_ p: UInt32) -> (l: Double, m: Double, s: Double, lr: Double) {
        let r = Int(p & 0xFF)
        let g = Int((p >> 8) & 0xFF)
        let b = Int((p >> 16) & 0xFF)
        return tables.withUnsafeBufferPointer { t in
            let l = cubeRootTable(t[r] + t[256 + g] + t[512 + b])
            let m = cubeRootTable(t[768 + r] + t[1024 + g] + t[1280 + b])
            let s = cubeRootTable(t[1536 + r] + t[1792 + g] + t[2048 + b])
            return (l, m, s, toe(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s))
        }
    }

    /// The same for a pixel blended over (rb, gb, bb), its channels fractional.
    @inline(__always)
    private static func blended(_ p: UInt32, _ rb: Double, _ gb: Double, _ bb: Double) -> (
        l: Double, m: Double, s: Double, lr: Double
    ) {
        let a = Double(p >> 24)
        let r = (Double(p & 0xFF) * a + rb * (255 - a)) / 255
        let g = (Double((p >> 8) & 0xFF) * a + gb * (255 - a)) / 255
        let b = (Double((p >> 16) & 0xFF) * a + bb * (255 - a)) / 255
        let lr = linear(r)
        let lg = linear(g)
        let lb = linear(b)
        let l = cubeRootTable(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb)
        let m = cubeRootTable(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb)
        let s = cubeRootTable(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb)
        return (l, m, s, toe(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s))
    }

    /// HyAB against the threshold without the square root, as pixelmatch folds it.
    @inline(__always)
    private static func hyab(_ dLr: Double, _ dl: Double, _ dm: Double, _ ds: Double, _ limit: Double) -> Int {
        let rest = limit - abs(dLr)
        if rest > 0 {
            let da = 1.9779984951 * dl - 2.4285922050 * dm + 0.4505937099 * ds
            let db = 0.0259040371 * dl + 0.7827717662 * dm - 0.8086757660 * ds
            if da * da + db * db <= rest * rest { return 0 }
        }
        return dLr > 0 ? -1 : 1
    }

    static let toeK1 = 0.206
    static let toeK2 = 0.03
    static let toeK3 = (1 + toeK1) / (1 + toeK2)

    /// Ottosson's toe: Lr from L.
    @inline(__always)
    static func toe(_ lightness: Double) -> Double {
        let x = toeK3 * lightness - toeK1
        return 0.5 * (x + (x * x + 4 * toeK2 * toeK3 * lightness).squareRoot())
    }

    /// sRGB → linear of a fractional 0…255 channel, interpolating the table.
    @inline(__always)
    static func linear(_ x: Double) -> Double {
        let i = Int(x)
        return linearTable.withUnsafeBufferPointer { t in t[i] + (t[i + 1] - t[i]) * (x - Double(i)) }
    }

    /// The cube root over 0…1, interpolating the 4096-step table.
    @inline(__always)
    static func cubeRootTable(_ x: Double) -> Double {
        let t = x * 4096
        let i = Int(t)
        return cubeRoots.withUnsafeBufferPointer { c in c[i] + (c[i + 1] - c[i]) * (t - Double(i)) }
    }

    /// LMS contributions of each channel value: L from R, G, B, then M, then S (9 × 256).
    static let tables: [Double] = {
        let factors = [
            0.4122214708, 0.5363325363, 0.0514459929, 0.2119034982, 0.6806995451, 0.1073969566, 0.0883024619,
            0.2817188376, 0.6299787005,
        ]
        return factors.flatMap { factor in (0..<256).map { factor * linearTable[$0] } }
    }()

    static let cubeRoots: [Double] = (0...4097).map { cubeRoot(Double($0) / 4096) }

    /// fdlibm's cube root (FreeBSD msun `s_cbrt.c`, as V8's `Math.cbrt`), for finite x ≥ 0.
    static func cubeRoot(_ x: Double) -> Double {
        let bits = x.bitPattern
        var hx = UInt32(truncatingIfNeeded: bits >> 32)
        let low = UInt32(truncatingIfNeeded: bits)
        let sign = hx & 0x8000_0000
        hx &= 0x7FFF_FFFF
        if hx >= 0x7FF0_0000 { return x + x }
        var t: Double
        if hx < 0x0010_0000 {
            if hx | low == 0 { return x }
            t = Double(bitPattern: UInt64(0x4350_0000) << 32) * x
            let high = UInt32(truncatingIfNeeded: t.bitPattern >> 32)
            t = Double(bitPattern: UInt64(sign | ((high & 0x7FFF_FFFF) / 3 + 696_219_795)) << 32)
        } else {
            t = Double(bitPattern: UInt64(sign | (hx / 3 + 715_094_163)) << 32)
        }
        var r = (t * t) * (t / x)
        t =
            t
            * ((1.87595182427177009643 + r * (-1.88497979543377169875 + r * 1.621429720105354466140))
                + ((r * r) * r) * (-0.758397934778766047437 + r * 0.145996192886612446982))
        t = Double(bitPattern: (t.bitPattern &+ 0x8000_0000) & 0xFFFF_FFFF_C000_0000)
        let s = t * t
        r = x / s
        let w = t + t
        r = (r - t) / (w + r)
        return t + t * r
    }

    /// sRGB → linear for each 8-bit value and a 257th equal to the 256th, as V8 computes
    /// `c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4` for c = i / 255 (IEEE bits).
    static let linearTable: [Double] = linearBits.map { Double(bitPattern: $0) } + [Double(bitPattern: linearBits[255])]

    private static let linearBits: [UInt64] = [
        0x0000_0000_0000_0000, 0x3f33_e456_77c1_76f7, 0x3f43_e456_77c1_76f7, 0x3f4d_d681_b3a2_3272,
        0x3f53_e456_77c1_76f7, 0x3f58_dd6c_15b1_d4b4, 0x3f5d_d681_b3a2_3272, 0x3f61_67cb_a8c9_4818,
        0x3f63_e456_77c1_76f7, 0x3f66_60e1_46b9_a5d5, 0x3f68_dd6c_15b1_d4b4, 0x3f6b_6a31_b525_9c99,
        0x3f6e_1e31_d70c_99dd, 0x3f70_7c38_bf85_83a9, 0x3f71_fcc2_beed_6421, 0x3f73_90ff_af95_e279,
        0x3f75_3936_cc7b_c928, 0x3f76_f5ad_db50_c915, 0x3f78_c6a9_4031_b562, 0x3f7a_ac6c_0fb9_7350,
        0x3f7c_a738_1f9f_602b, 0x3f7e_b74e_1609_78d0, 0x3f80_6e76_bbda_92b8, 0x3f81_8c2a_5a8a_8044,
        0x3f82_b4e0_9b3f_0ae3, 0x3f83_e8b7_b3bd_e964, 0x3f85_27cd_60af_8b86, 0x3f86_723e_ea8d_3709,
        0x3f87_c829_2a3d_b6b4, 0x3f89_29a8_8d67_b521, 0x3f8a_96d9_1a80_16bd, 0x3f8c_0fd6_7499_fab6,
        0x3f8d_94bb_defd_740e, 0x3f8f_25a4_4089_883f, 0x3f90_6155_1372_c694, 0x3f91_35f3_e4c2_cce2,
        0x3f92_10bb_8642_b172, 0x3f92_f1b8_c1ae_46bd, 0x3f93_d8f8_39b7_9c0b, 0x3f94_c686_6b3e_9fa4,
        0x3f95_ba6f_ae79_4314, 0x3f96_b4c0_380d_2dee, 0x3f97_b584_1a1b_f3ac, 0x3f98_bcc7_4542_addb,
        0x3f99_ca95_898d_c8b4, 0x3f9a_defa_9761_c020, 0x3f9b_fa02_0059_7bda, 0x3f9d_1bb7_381a_ec1f,
        0x3f9e_4425_9522_7bca, 0x3f9f_7358_5185_e1b5, 0x3fa0_54ad_45d7_6878, 0x3fa0_f31b_a386_ff26,
        0x3fa1_94fc_b663_747b, 0x3fa2_3a55_e62a_662a, 0x3fa2_e32c_8e14_8d11, 0x3fa3_8f85_fd21_eacf,
        0x3fa4_3f67_7663_10fe, 0x3fa4_f2d6_313f_a8d0, 0x3fa5_a9d7_59ba_5ed0, 0x3fa6_6470_10b2_54ee,
        0x3fa7_22a5_6c22_39ee, 0x3fa7_e47c_775d_2428, 0x3fa8_a9fa_3349_4b08, 0x3fa9_7323_9698_b9cc,
        0x3faa_3ffd_8e00_1389, 0x3fab_108c_fc6b_7fbc, 0x3fab_e4d6_bb31_d522, 0x3fac_bcdf_9a46_16f2,
        0x3fad_98ac_6067_5833, 0x3fae_7841_cb4f_16df, 0x3faf_5ba4_8fde_2048, 0x3fb0_216c_ad24_0765,
        0x3fb0_96f2_671e_b815, 0x3fb1_0e65_c38a_5192, 0x3fb1_87c9_0bf8_bce2, 0x3fb2_031e_85f5_d6da,
        0x3fb2_8068_731a_1952, 0x3fb2_ffa9_111c_b94b, 0x3fb3_80e2_99e5_3f92, 0x3fb4_0417_439c_a10f,
        0x3fb4_8949_40bd_dbfa, 0x3fb5_107a_c026_1e59, 0x3fb5_99ad_ed24_7aac, 0x3fb6_24e4_ef89_2ed4,
        0x3fb6_b221_ebb4_817e, 0x3fb7_4167_02a5_39d0, 0x3fb7_d2b6_5206_b528, 0x3fb8_6611_f43e_9e6a,
        0x3fb8_fb7c_007a_4a70, 0x3fb9_92f6_8abb_bc89, 0x3fba_2c83_a3e6_566c, 0x3fba_c825_59cb_3644,
        0x3fbb_65dd_b735_4604, 0x3fbc_05ae_c3f4_fe5e, 0x3fbc_a79a_84eb_e030, 0x3fbd_4ba2_fc17_a6a5,
        0x3fbd_f1ca_289d_34b8, 0x3fbe_9a12_06d3_4003, 0x3fbf_447c_904c_bb4e, 0x3fbf_f10b_bbe3_02c2,
        0x3fc0_4fe0_bedf_e5f1, 0x3fc0_a84f_e3b3_6d8f, 0x3fc1_01d4_43df_c06f, 0x3fc1_5c6e_d58e_efdf,
        0x3fc1_b820_8da5_fef0, 0x3fc2_14ea_5fc9_514a, 0x3fc2_72cd_3e61_0123, 0x3fc2_d1ca_1a9d_1cfb,
        0x3fc3_31e1_e479_cdf5, 0x3fc3_9315_8ac3_674e, 0x3fc3_f565_fb1a_5fd5, 0x3fc4_58d4_21f7_35df,
        0x3fc4_bd60_eaae_3e72, 0x3fc5_230d_3f73_6034, 0x3fc5_89da_095d_baa1, 0x3fc5_f1c8_306b_3a3c,
        0x3fc6_5ad8_9b84_1a2b, 0x3fc6_c50c_307e_53c0, 0x3fc7_3063_d420_fc80, 0x3fc7_9ce0_6a27_9303,
        0x3fc8_0a82_d545_3b5d, 0x3fc8_794b_f727_eb40, 0x3fc8_e93c_b07b_867a, 0x3fc9_5a55_e0ec_ec0b,
        0x3fc9_cc98_672c_f47e, 0x3fca_4005_20f3_619c, 0x3fca_b49c_eb01_c003, 0x3fcb_2a60_a126_3b0a,
        0x3fcb_a151_1e3e_632c, 0x3fcc_196f_3c39_e770, 0x3fcc_92bb_d41d_41fe, 0x3fcd_0d37_be04_5851,
        0x3fcd_88e3_d125_0f68, 0x3fce_05c0_e3d1_d3e0, 0x3fce_83cf_cb7c_16f0, 0x3fcf_0311_5cb6_bfd3,
        0x3fcf_8386_6b38_924d, 0x3fd0_0297_e4ef_4553, 0x3fd0_4407_2557_177a, 0x3fd0_8611_5f6b_eb3a,
        0x3fd0_c8b6_fb5c_735e, 0x3fd1_0bf8_60ef_039a, 0x3fd1_4fd5_f782_a5a6, 0x3fd1_9450_2610_2997,
        0x3fd1_d967_532b_31b1, 0x3fd2_1f1b_e503_39e7, 0x3fd2_656e_4164_9ae3, 0x3fd2_ac5e_cdb9_88f8,
        0x3fd2_f3ed_ef0b_0ed8, 0x3fd3_3c1c_0a02_0438, 0x3fd3_84e9_82e8_00b1, 0x3fd3_ce56_bda8_4a81,
        0x3fd4_1864_1dd0_c1bc, 0x3fd4_6312_0692_c7af, 0x3fd4_ae60_dac4_229d, 0x3fd4_fa50_fcdf_de15,
        0x3fd5_46e2_cf07_27a9, 0x3fd5_9416_b302_2858, 0x3fd5_e1ed_0a40_daac, 0x3fd6_3066_35db_dd7b,
        0x3fd6_7f82_9695_43a2, 0x3fd6_cf42_8cd9_6079, 0x3fd7_1fa6_78bf_915d, 0x3fd7_70ae_ba0b_042a,
        0x3fd7_c25b_b02b_7ac5, 0x3fd8_14ad_ba3e_0bd8, 0x3fd8_67a5_370d_e0b0, 0x3fd8_bb42_8514_f067,
        0x3fd9_0f86_027c_b84e, 0x3fd9_6470_0d1e_f1b1, 0x3fd9_ba01_0286_4520, 0x3fda_1039_3fee_fafd,
        0x3fda_6719_2247_a9be, 0x3fda_bea1_0631_e195, 0x3fdb_16d1_4802_d5ca, 0x3fdb_6faa_43c4_03bc,
        0x3fdb_c92c_5533_d784, 0x3fdc_2357_d7c6_4e5d, 0x3fdc_7e2d_26a5_96de, 0x3fdc_d9ac_9cb2_aef2,
        0x3fdd_35d6_9485_ffc5, 0x3fdd_92ab_686f_f782, 0x3fdd_f02b_7279_a10d, 0x3fde_4e57_0c65_39c5,
        0x3fde_ad2e_8fae_c526, 0x3fdf_0cb2_558c_9ea4, 0x3fdf_6ce2_b6f0_0983, 0x3fdf_cdc0_0c85_bec2,
        0x3fe0_17a5_575b_3cb2, 0x3fe0_48c1_7ad3_c04b, 0x3fe0_7a34_9c9d_9837, 0x3fe0_abfe_e888_c050,
        0x3fe0_de20_8a44_44c8, 0x3fe1_1099_ad5e_83eb, 0x3fe1_436a_7d45_6eee, 0x3fe1_7693_2546_ca12,
        0x3fe1_aa13_d090_6bda, 0x3fe1_ddec_aa30_7b85, 0x3fe2_121d_dd15_aece, 0x3fe2_46a7_940f_86d1,
        0x3fe2_7b89_f9ce_8c4b, 0x3fe2_b0c5_38e4_8b07, 0x3fe2_e659_7bc4_cca0, 0x3fe3_1c46_ecc4_528d,
        0x3fe3_528d_b61a_0f73, 0x3fe3_892e_01df_1fcc, 0x3fe3_c027_fa0f_01eb, 0x3fe3_f77b_c887_cd3b,
        0x3fe4_2f29_970a_68f8, 0x3fe4_6731_8f3a_c22d, 0x3fe4_9f93_daa0_0113, 0x3fe4_d850_a2a4_bde1,
        0x3fe5_1168_1097_34e6, 0x3fe5_4ada_4da9_7a1b, 0x3fe5_84a7_82f1_ac23, 0x3fe5_becf_d96a_2698,
        0x3fe5_f953_79f1_b3ec, 0x3fe6_3432_8d4b_be97, 0x3fe6_6f6d_3c20_81cf, 0x3fe6_ab03_aefd_39aa,
        0x3fe6_e6f6_0e54_52b1, 0x3fe7_2344_827d_98f6, 0x3fe7_5fef_33b6_669b, 0x3fe7_9cf6_4a21_d1e2,
        0x3fe7_da59_edc8_dab0, 0x3fe8_181a_469a_9787, 0x3fe8_5637_7c6c_6224, 0x3fe8_94b1_b6fa_0378,
        0x3fe8_d389_1de5_df49, 0x3fe9_12bd_d8b9_1f45, 0x3fe9_5250_0ee3_dda5, 0x3fe9_923f_e7bd_4f67,
        0x3fe9_d28d_8a83_edfc, 0x3fea_1339_1e5d_a09f, 0x3fea_5442_ca57_e52e, 0x3fea_95aa_b567_f88f,
        0x3fea_d771_066a_fec2, 0x3feb_1995_e426_2a69, 0x3feb_5c19_7546_e3f8, 0x3feb_9efb_e062_f086,
        0x3feb_e23d_4bf8_981c, 0x3fec_25dd_de6e_cbbb, 0x3fec_69dd_be15_4af1, 0x3fec_ae3d_1124_c90b,
        0x3fec_f2fb_fdbf_11f1, 0x3fed_381a_a9ef_2e82, 0x3fed_7d99_3ba9_88d4, 0x3fed_c377_d8cc_0fd5,
        0x3fee_09b6_a71e_5aa6, 0x3fee_5055_cc51_cbb4, 0x3fee_9755_6e01_b351, 0x3fee_deb5_b1b3_7216,
        0x3fef_2676_bcd6_9ade, 0x3fef_6e98_b4c5_1466, 0x3fef_b71b_bec3_3ab2, 0x3ff0_0000_0000_0000,
    ]
}
