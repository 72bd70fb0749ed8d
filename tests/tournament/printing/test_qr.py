import pytest
import qrcode
from qrcode.constants import ERROR_CORRECT_M

from tournament.printing.kit.qr import MASK, qr_matrix, qr_path


@pytest.mark.parametrize("length", [1, 17, 43, 70, 151, 300])
def test_matrix_matches_the_reference_encoder(length):
    text = ("http://127.0.0.1:8000/p/" + "k-Z_9" * 80)[:length]
    ref = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=MASK)
    ref.add_data(text, optimize=0)
    ref.make(fit=True)
    assert qr_matrix(text) == ref.modules


def test_path_fills_exactly_the_dark_modules():
    text = "http://127.0.0.1:8000/p/abc/"
    matrix = qr_matrix(text)
    n, path = qr_path(text)
    filled = set()
    for op in path.splitlines()[:-1]:
        x, y, w, _, _ = op.split()
        filled |= {(n - 1 - int(y), int(x) + i) for i in range(int(w))}
    assert filled == {(r, c) for r in range(n) for c in range(n) if matrix[r][c]}
