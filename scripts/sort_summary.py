#!/usr/bin/env python3
"""The summary table of docs/PERFORMANCE.md's sort section from a `dicer-bench --sort --csv` file (ns per key).

usage: scripts/sort_summary.py docs/bench/sort_llvmpipe.csv
"""
import csv,sys
rows=list(csv.DictReader(open(sys.argv[1])))
methods=["hp_counting_sort","hp_counting_sort (keys only)","hp_counting_sort_4","hp_counting_sort_4 (keys only)","scan_counting_sort","radix_sort","cpu_std_sort","cpu_stable_sort","cpu_counting_sort"]
hdr={"hp_counting_sort":"HP 2:1","hp_counting_sort (keys only)":"HP 2:1 keys only","hp_counting_sort_4":"HP 4:1","hp_counting_sort_4 (keys only)":"HP 4:1 keys only","scan_counting_sort":"scan counting","radix_sort":"radix","cpu_std_sort":"std::sort","cpu_stable_sort":"std::stable_sort","cpu_counting_sort":"CPU counting"}
sel=[("2^10","2^4","uniform"),("2^24","2^4","uniform"),("2^24","2^4","skewed"),("2^24","2^12","uniform"),("2^10","2^20","uniform"),("2^14","2^20","uniform"),("2^18","2^20","uniform"),("2^22","2^20","uniform"),("2^24","2^20","uniform"),("2^24","2^20","skewed")]
t={}
for r in rows:
    t[(r['input'],r['method'])]=float(r['median_ms'])*1e6/int(r['cells'])
print("| n, m, keys | "+" | ".join(hdr[m] for m in methods)+" |")
print("|---|"+"---:|"*len(methods))
for n,m,d in sel:
    inp=f"n {n}, m {m}, {d}"
    def f(v): return f"{v:.0f}" if v>=100 else (f"{v:.1f}" if v>=10 else f"{v:.2f}")
    print(f"| {n}, {m}, {d} | "+" | ".join(f(t[(inp,me)]) if (inp,me) in t else "-" for me in methods)+" |")
ok=sum(r['ok']=='1' for r in rows); print(f"\n{ok} of {len(rows)} rows ok")
