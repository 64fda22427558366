#!/usr/bin/perl
# Clears SHF_GNU_RETAIN from the code sections (".text.*") of ELF64 little-endian object files, in place,
# so the linker's --gc-sections can drop the functions nothing calls (issue 25, docs/c-library.md,
# "Size"). scripts/c-library.sh runs it on a copy of the Swift standard library's object (Swift.o from
# libswiftCore.a), whose every public function is marked retained: the toolchain keeps the whole
# library in a statically linked program so that plugins it loads can bind to it. libsdlhaptics.so
# exports only the header's SDLH_ functions (a version script makes everything else local), so nothing
# outside it can reach a stdlib function it does not call itself. Data, metadata and the runtime's
# records (swift5_* sections) keep their flag: conformance lookups still find every type they name.
#
# Perl because it is on every Debian machine (perl-base is essential). Prints, per file, how many
# sections it changed; exits 1 (changing nothing) for a file that is not ELF64 little-endian.
#
# usage: scripts/unretain-text.pl FILE.o...
use strict;
use warnings;

my $SHF_GNU_RETAIN = 0x200000;
my $failed = 0;
for my $file (@ARGV) {
    open(my $fh, '+<:raw', $file) or do { warn "$file: $!\n"; $failed = 1; next };
    local $/;
    my $data = <$fh>;
    unless (length($data) > 64 && substr($data, 0, 4) eq "\x7fELF" && ord(substr($data, 4, 1)) == 2
            && ord(substr($data, 5, 1)) == 1) {
        warn "$file: not an ELF64 little-endian object\n";
        $failed = 1;
        next;
    }
    my $shoff = unpack('Q<', substr($data, 0x28, 8));
    my ($shentsize, $shnum, $shstrndx) = unpack('v v v', substr($data, 0x3A, 6));
    # More than 0xff00 sections: the real count and string-table index are in section header 0.
    $shnum = unpack('Q<', substr($data, $shoff + 32, 8)) if $shnum == 0;
    $shstrndx = unpack('V', substr($data, $shoff + 40, 4)) if $shstrndx == 0xffff;
    my $strings = unpack('Q<', substr($data, $shoff + $shstrndx * $shentsize + 24, 8));
    my $changed = 0;
    for my $index (0 .. $shnum - 1) {
        my $header = $shoff + $index * $shentsize;
        my $name_offset = unpack('V', substr($data, $header, 4));
        my $end = index($data, "\0", $strings + $name_offset);
        my $name = substr($data, $strings + $name_offset, $end - $strings - $name_offset);
        next unless $name =~ /^\.text\./;
        my $flags = unpack('Q<', substr($data, $header + 8, 8));
        next unless $flags & $SHF_GNU_RETAIN;
        substr($data, $header + 8, 8) = pack('Q<', $flags & ~$SHF_GNU_RETAIN);
        $changed++;
    }
    seek($fh, 0, 0);
    print $fh $data;
    close($fh);
    print "$file: $changed code sections no longer retained\n";
}
exit $failed;
