#!/usr/bin/env bash
# Validates a Factur-X / CII invoice against the official rules:
#   1. the Factur-X 1.0.9 EN 16931 XSD (xmllint)
#   2. the CEN EN 16931 CII schematron (compiled XSLT 2.0)
#   3. the FNFE Factur-X EN 16931 schematron
#   4. the French reform rules (BR-FR, FNFE v1.4.0)
# Usage: validate.sh invoice.xml | invoice.pdf   (from a PDF, the embedded factur-x.xml is extracted first)
# Needs: xmllint (Debian libxml2-utils), node/npx (runs the xslt3 package, SaxonJS), python3.
# Exit status: 0 when the XML is valid and no schematron assert failed; 1 otherwise.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
in="${1:?usage: validate.sh invoice.xml|invoice.pdf}"
FX="$here/fnfe/FNFE_RFE_INVOICE/Factur-X/EN16931"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
command -v xmllint >/dev/null || { echo "xmllint missing: apt-get install -y libxml2-utils" >&2; exit 2; }
case "$in" in
  *.pdf|*.PDF)
    command -v pdfdetach >/dev/null || { echo "pdfdetach missing: apt-get install -y poppler-utils" >&2; exit 2; }
    pdfdetach -list "$in" | grep -q 'factur-x.xml' || { echo "no factur-x.xml attached to $in"; exit 1; }
    pdfdetach -savefile factur-x.xml -o "$work/factur-x.xml" "$in" || exit 1
    in="$work/factur-x.xml" ;;
esac
# Ardoise's copy: each schematron is compiled once to SaxonJS's SEF format and cached in .sef/ (compiling
# takes about a minute per stylesheet, running a compiled one a few seconds); a stylesheet newer than its
# SEF is compiled again. The rules run are the same files as the original script's.
cache="$here/.sef"; mkdir -p "$cache"
compiled() {
  local xsl="$1" sef="$cache/$(basename "$1" .xslt).sef.json"
  if [ ! -s "$sef" ] || [ "$xsl" -nt "$sef" ]; then
    (
      flock 9
      if [ ! -s "$sef" ] || [ "$xsl" -nt "$sef" ]; then
        npx --yes xslt3@2.7.0 -xsl:"$xsl" -export:"$sef.tmp" -nogo >"$work/compile.err" 2>&1 &&
          mv "$sef.tmp" "$sef" || { sed -n 1,5p "$work/compile.err" >&2; rm -f "$sef.tmp"; }
      fi
    ) 9>"$cache/.lock"
  fi
  echo "$sef"
}
fail=0
echo "## XSD Factur-X EN16931"
xmllint --noout --schema "$FX/1xsd/Factur-X_EN16931.xsd" "$in" || fail=1
for pair in "EN16931-CII:$here/en16931-cen/cii/xslt/EN16931-CII-validation.xslt" \
            "FACTUR-X_EN16931:$FX/2xslt/FACTUR-X_EN16931.xslt" \
            "BR-FR:$FX/2xslt/BR-FR-Flux2-Schematron-CII.xslt"; do
  name="${pair%%:*}"; xsl="${pair#*:}"; out="$work/$name.svrl.xml"
  if ! npx --yes xslt3@2.7.0 -xsl:"$(compiled "$xsl")" -s:"$in" -o:"$out" >"$work/err" 2>&1; then
    echo "## $name: xslt3 failed"; sed -n 1,5p "$work/err"; fail=1; continue
  fi
  python3 - "$name" "$out" <<'PY' || fail=1
import sys, xml.etree.ElementTree as ET
ns = {'svrl': 'http://purl.oclc.org/dsdl/svrl'}
name, path = sys.argv[1], sys.argv[2]
root = ET.parse(path).getroot()
failed = [f for f in root.findall('.//svrl:failed-assert', ns) if f.get('flag', 'fatal') != 'warning']
warned = [f for f in root.findall('.//svrl:failed-assert', ns) if f.get('flag') == 'warning']
print(f"## {name}: rules fired={len(root.findall('.//svrl:fired-rule', ns))} errors={len(failed)} warnings={len(warned)}")
for f in failed + warned:
    text = ' '.join(f.findtext('svrl:text', default='', namespaces=ns).split())
    print(f"  - [{f.get('id')}] {f.get('flag')}: {text[:240]}")
sys.exit(1 if failed else 0)
PY
done
[ $fail = 0 ] && echo "VALID" || echo "INVALID"
exit $fail
